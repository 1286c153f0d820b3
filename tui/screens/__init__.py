"""One module per screen; the app creates each on first use."""
