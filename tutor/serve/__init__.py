"""The practice server: tutor serve."""
