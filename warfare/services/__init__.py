"""The only code that writes battles and sieges, and the forces their results land on."""
