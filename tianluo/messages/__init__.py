"""Telling the owner and asking the agent: notify commands, webhooks and email, the heartbeat, and the
agent's call with the facts it is given."""
