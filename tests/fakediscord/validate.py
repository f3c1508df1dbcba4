"""Discord's request-body limits, so that payloads the real API would reject fail here too."""

from __future__ import annotations

import re
from typing import Any

from . import payloads as P
from .payloads import JSON
from .store import UploadedFile, iter_components

Errors = list[tuple[str, str]]  # (field path, message)

NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
EMBED_LIMITS = {"title": 256, "description": 4096}
BUTTON_STYLES_WITH_CUSTOM_ID = {1, 2, 3, 4}
SELECT_TYPES = {3, 5, 6, 7, 8}


def error_body(errors: Errors) -> JSON:
    """A 400 "Invalid Form Body" JSON body (code 50035) with Discord's nested ``errors`` tree."""
    tree: JSON = {}
    for path, message in errors:
        node = tree
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": "FAKEDISCORD_INVALID", "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": tree}


def _length(errors: Errors, path: str, value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        errors.append((path, "Must be a string."))
    elif not minimum <= len(value) <= maximum:
        errors.append((path, f"Must be between {minimum} and {maximum} in length (got {len(value)})."))


def message_body(body: JSON, files: list[UploadedFile], *, edit: bool, prefix: str = "") -> Errors:
    """Check a create/edit message body (content, embeds, components, files)."""
    errors: Errors = []
    content = body.get("content")
    _length(errors, prefix + "content", content, 2000)
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        errors.append((prefix + "embeds", "Must be 10 or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        path = f"{prefix}embeds.{i}"
        for key, limit in EMBED_LIMITS.items():
            _length(errors, f"{path}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append((f"{path}.fields", "Must be 25 or fewer in length."))
        for j, fld in enumerate(fields):
            _length(errors, f"{path}.fields.{j}.name", fld.get("name"), 256, 1)
            _length(errors, f"{path}.fields.{j}.value", fld.get("value"), 1024, 1)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        _length(errors, f"{path}.footer.text", footer, 2048)
        _length(errors, f"{path}.author.name", author, 256)
        total += len(footer or "") + len(author or "")
    if total > 6000:
        errors.append((prefix + "embeds", f"Embed size exceeds maximum size of 6000 (got {total})."))
    flags = int(body.get("flags") or 0)
    errors.extend(components(body.get("components") or [], v2=bool(flags & P.FLAG_COMPONENTS_V2), prefix=prefix))
    if flags & P.FLAG_COMPONENTS_V2 and (content or embeds):
        errors.append((prefix + "content", "content and embeds cannot be used with IS_COMPONENTS_V2."))
    if len(files) > 10:
        errors.append((prefix + "attachments", "Must be 10 or fewer files."))
    for i, upload in enumerate(files):
        if len(upload.data) > P.ATTACHMENT_SIZE_LIMIT:
            errors.append((f"{prefix}files.{i}", f"File {upload.filename} exceeds the upload size limit."))
    if not edit and not errors:
        has_any = content or embeds or files or body.get("components") or body.get("sticker_ids") or body.get("poll")
        if not has_any:
            errors.append((prefix + "content", "Cannot send an empty message (50006)."))
    return errors


def components(rows: list[JSON], *, v2: bool, prefix: str = "") -> Errors:
    """Check component rows: 5 rows of 5 buttons or 1 select, custom_id/label lengths, unique ids."""
    errors: Errors = []
    if not v2:
        if len(rows) > 5:
            errors.append((prefix + "components", "Must be 5 or fewer in length."))
        for i, row in enumerate(rows):
            path = f"{prefix}components.{i}"
            if row.get("type") != 1:
                errors.append((f"{path}.type", "Top-level components must be action rows (type 1) without v2 flag."))
                continue
            children = row.get("components") or []
            kinds = {c.get("type") for c in children}
            if not children:
                errors.append((f"{path}.components", "Action row must not be empty."))
            elif kinds & SELECT_TYPES and len(children) > 1:
                errors.append((f"{path}.components", "A select menu must be alone in its action row."))
            elif len(children) > 5:
                errors.append((f"{path}.components", "Must be 5 or fewer in length."))
    elif len(iter_components(rows)) > 40:
        errors.append((prefix + "components", "Must be 40 or fewer components in total."))
    seen: set[str] = set()
    for i, comp in enumerate(iter_components(rows)):
        path = f"{prefix}components.{i}"
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _length(errors, f"{path}.custom_id", custom_id, 100, 1)
            if custom_id in seen:
                errors.append((f"{path}.custom_id", f"Component custom id cannot be duplicated: {custom_id!r}."))
            seen.add(custom_id)
        kind = comp.get("type")
        if kind == 2:
            style = comp.get("style")
            _length(errors, f"{path}.label", comp.get("label"), 80)
            if style in BUTTON_STYLES_WITH_CUSTOM_ID and not custom_id:
                errors.append((f"{path}.custom_id", "Buttons of style 1-4 need a custom_id."))
            if style == 5 and not comp.get("url"):
                errors.append((f"{path}.url", "Link buttons need a url."))
            if not comp.get("label") and not comp.get("emoji") and style != 6:
                errors.append((f"{path}.label", "A button needs a label or an emoji."))
        elif kind in SELECT_TYPES:
            _length(errors, f"{path}.placeholder", comp.get("placeholder"), 150)
            options = comp.get("options") or []
            if kind == 3 and not 1 <= len(options) <= 25:
                errors.append((f"{path}.options", "Must be between 1 and 25 in length."))
            for j, option in enumerate(options):
                _length(errors, f"{path}.options.{j}.label", option.get("label"), 100, 1)
                _length(errors, f"{path}.options.{j}.value", option.get("value"), 100, 1)
                _length(errors, f"{path}.options.{j}.description", option.get("description"), 100)
            low, high = comp.get("min_values", 1), comp.get("max_values", 1)
            if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
                errors.append((f"{path}.max_values", "min_values/max_values out of range."))
            if kind == 3 and options and high > len(options):
                errors.append((f"{path}.max_values", "max_values must be <= number of options."))
        elif kind == 4:
            _length(errors, f"{path}.label", comp.get("label"), 45)
            _length(errors, f"{path}.value", comp.get("value"), 4000)
            _length(errors, f"{path}.placeholder", comp.get("placeholder"), 100)
    return errors


def modal(data: JSON) -> Errors:
    """Check a type 9 (modal) callback's data."""
    errors: Errors = []
    _length(errors, "data.title", data.get("title"), 45, 1)
    _length(errors, "data.custom_id", data.get("custom_id"), 100, 1)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        errors.append(("data.components", "Must be between 1 and 5 in length."))
    errors.extend((f"data.{p}", m) for p, m in _modal_items(rows))
    return errors


def _modal_items(rows: list[JSON]) -> Errors:
    errors: Errors = []
    for i, comp in enumerate(iter_components(rows)):
        if comp.get("type") == 4:
            _length(errors, f"components.{i}.label", comp.get("label"), 45)
            _length(errors, f"components.{i}.custom_id", comp.get("custom_id"), 100, 1)
    return errors


def choices(data: JSON) -> Errors:
    """Check a type 8 (autocomplete result) callback's data."""
    errors: Errors = []
    items = data.get("choices")
    if not isinstance(items, list):
        return [("data.choices", "choices must be a list.")]
    if len(items) > 25:
        errors.append(("data.choices", f"Must be 25 or fewer in length (got {len(items)})."))
    for i, choice in enumerate(items):
        _length(errors, f"data.choices.{i}.name", choice.get("name"), 100, 1)
        if isinstance(choice.get("value"), str):
            _length(errors, f"data.choices.{i}.value", choice["value"], 100, 1)
    return errors


def commands(items: list[JSON]) -> Errors:
    """Check a bulk-overwrite command list the way Discord does on sync."""
    errors: Errors = []
    per_type: dict[int, set[str]] = {}
    for i, cmd in enumerate(items):
        kind = int(cmd.get("type", 1))
        name = cmd.get("name") or ""
        names = per_type.setdefault(kind, set())
        if name in names:
            errors.append((f"{i}.name", f"Application command names must be unique ({name!r})."))
        names.add(name)
        if kind == 1:
            if not NAME_RE.match(name) or name != name.lower():
                errors.append((f"{i}.name", f"Invalid slash command name {name!r}."))
            _length(errors, f"{i}.description", cmd.get("description"), 100, 1)
            errors.extend(_options(cmd.get("options") or [], f"{i}.options", depth=0))
        else:
            _length(errors, f"{i}.name", name, 32, 1)
    if len(per_type.get(1, ())) > 100:
        errors.append(("_", "Maximum number of global/guild slash commands (100) reached."))
    for kind in (2, 3):
        if len(per_type.get(kind, ())) > 15:
            errors.append(("_", f"Maximum number of context menu commands of type {kind} (15) reached."))
    return errors


def _options(options: list[JSON], path: str, depth: int) -> Errors:
    errors: Errors = []
    if len(options) > 25:
        errors.append((path, f"Must be 25 or fewer in length (got {len(options)})."))
    seen_optional = False
    names: set[str] = set()
    for i, opt in enumerate(options):
        here = f"{path}.{i}"
        name = opt.get("name") or ""
        if not NAME_RE.match(name) or name != name.lower():
            errors.append((f"{here}.name", f"Invalid option name {name!r}."))
        if name in names:
            errors.append((f"{here}.name", f"Duplicate option name {name!r}."))
        names.add(name)
        _length(errors, f"{here}.description", opt.get("description"), 100, 1)
        kind = opt.get("type")
        if kind in (1, 2):
            if (kind == 2 and depth > 0) or (kind == 1 and depth > 1):
                errors.append((f"{here}.type", "Sub-command nesting too deep."))
            errors.extend(_options(opt.get("options") or [], f"{here}.options", depth + 1))
            continue
        if opt.get("required"):
            if seen_optional:
                errors.append((f"{here}.required", "Required options must be placed before non-required options."))
        else:
            seen_optional = True
        opt_choices = opt.get("choices") or []
        if len(opt_choices) > 25:
            errors.append((f"{here}.choices", "Must be 25 or fewer in length."))
        if opt_choices and opt.get("autocomplete"):
            errors.append((f"{here}.autocomplete", "Autocomplete cannot be set with choices."))
    return errors
