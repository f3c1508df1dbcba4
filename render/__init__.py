"""Pure drawing layer: engine view dicts → PNG bytes. Never imports discord, aiosqlite or ``bot``."""

from .registry import register, render_images, render_more, render_view

__all__ = ["register", "render_images", "render_more", "render_view"]
