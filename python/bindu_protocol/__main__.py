"""``python -m bindu_protocol``: see ``bindu_protocol.cli``."""
from .cli import main

raise SystemExit(main())
