"""Layer 6, the pictures: SVG drawn with the standard library's ``xml.etree``."""
