"""The only code that writes the map: forces, fleets, provinces."""
