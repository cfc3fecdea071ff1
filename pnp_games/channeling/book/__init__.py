"""The Channeling in its rulebook: the sample game told turn by turn (``narrate``), the table drawn
from engine states (``board``), the balance rows and figures (``balance``) and the hooks the
engine's spec names (``book.APPENDICES``). Imported only when a rulebook is built."""
