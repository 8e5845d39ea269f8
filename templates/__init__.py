"""Templates and the generated state schema; shipped inside the package as tianluo.templates."""
