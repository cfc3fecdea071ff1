"""Battle for the Grove in its rulebook: the sample game told turn by turn (``story``), the table
drawn after each told turn (``diagram``) and the balance rows and charts (``book``, whose
``APPENDICES`` the engine's spec names). Imported only when a rulebook is built."""
