"""What a person reads: ``status``, the browse commands, metrics, the failure analysis, the prompt,
lessons, findings, COMPLETION.md, report.html and its story, and the demo."""
