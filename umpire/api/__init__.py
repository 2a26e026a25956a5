"""The JSON API: thin, like the views; errors are JSON that name the field."""
