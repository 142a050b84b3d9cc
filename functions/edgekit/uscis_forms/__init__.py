"""USCIS forms that fill themselves: read a fillable PDF's fields, resolve mapped data, fill the PDF."""
