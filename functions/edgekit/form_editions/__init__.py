"""Which edition of each USCIS form is current: an offline demo provider and the official form pages."""
