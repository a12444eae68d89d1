"""The deal protocol every game speaks (``base``: ``Action``, ``Event``, ``Deal``, ``Match``,
``Game``), the family record (``family``), options (``options``), the common JSON schema
(``schema``), players (``players``) and the kits the game families build on."""
