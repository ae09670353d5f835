"""The web door's link pages: a one-time code from the lobby (`L`, the service's `link_code`) used
at `/link/CODE` makes a browser that code's player, so one person is one player across both doors.
The page names the code's player (as text) and has a button (a POST, Origin-checked); the page and
the button tried are paced per address. A browser that is another player already is told so, by
name, and keeps that player unless it confirms leaving it (the form's `leave`): a link someone
sends you can't quietly take your browser over. A link followed from another site, which doesn't
bring the SameSite=Strict cookie, is asked again from here (`BOUNCE`) rather than made a new
player. Apart from `web.py` because it is the one way a browser's identity changes; a mixin of
`WebDoor` (its secret, service and origin checks).
"""

from __future__ import annotations

import html
import logging
import re
from typing import Any

from aiohttp import web

from cutthroat.serve.limits import PerMinute
from cutthroat.serve.web_cookie import COOKIE, verify

log = logging.getLogger("cutthroat.serve")

#: The page for a link followed from another site: it asks for itself again, from this site.
BOUNCE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
          '<meta http-equiv="refresh" content="0; url={url}"><title>Cutthroat</title>'
          '<link rel="stylesheet" href="/static/cutthroat.css"></head><body><div class="dialog-container">'
          '<div class="intro"><a href="{url}">To the tables</a></div></div></body></html>')
LINK_ATTEMPTS_PER_MINUTE = 10  # link codes tried from one address a minute (its page and its button alike)
LINK_CODE = re.compile(r"[A-Za-z0-9-]{1,40}")  # what a link code may look like at all
#: A link code's page, `{name}` its player's (escaped); `{leave}` the confirmation asked when this
#: browser is another player now (LINK_LEAVE), else nothing.
LINK_PAGE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Cutthroat</title>'
             '<link rel="stylesheet" href="/static/cutthroat.css"></head><body><div class="dialog-container">'
             '<div class="intro"><form method="post" action="/link/{code}"><div>Play in this browser as '
             '<b class="link-player">{name}</b>, the player who asked for this link (their name, games and seats, '
             'as over ssh)? Only if that is you: a link from someone else makes this browser theirs.</div>{leave}'
             '<button type="submit">Yes, this browser is {name}</button></form></div></div></body></html>')
LINK_LEAVE = ('<div class="link-leave"><p>This browser plays as <b class="browser-player">{current}</b> now. '
              '{current} will be left: if that player plays only in this browser, nothing brings them back.</p>'
              '<label><input type="checkbox" name="leave" value="{mark}" required> Leave {current} and be {name} '
              'in this browser</label></div>')
LINK_REFUSED = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Cutthroat</title>'
                '<link rel="stylesheet" href="/static/cutthroat.css"></head><body><div class="dialog-container">'
                '<div class="intro">That link is wrong, used or too old: press L in the lobby for a new one. '
                '<a href="/">To the tables</a></div></div></body></html>')
NO_NAME = "a player with no name yet"


class LinkPages:
    """`WebDoor`'s /link/CODE pages."""

    secret: bytes
    state: Any
    link_attempts: PerMinute

    def _name(self, player: str) -> str:
        service = self.state.service
        name = service.store.name(player) if service is not None else None
        return html.escape(name or NO_NAME, quote=True)  # (a player's name: data, never markup)

    def _link_page(self, code: str, player: str, current: str | None) -> str:
        """The link's page for `player`'s code, seen from a browser that is `current` now."""
        name = self._name(player)
        leave = ""
        if current is not None and current != player:
            leave = LINK_LEAVE.format(current=self._name(current), mark=current[:12], name=name)
        return LINK_PAGE.format(code=html.escape(code, quote=True), name=name, leave=leave)

    def _link_try(self, request: web.Request, address: str, what: str) -> tuple[str | None, web.Response | None]:
        """A link code tried from `address` (paced): its player, or the refusal to send."""
        code = request.match_info["code"]
        if self.link_attempts.over(address):
            log.warning("refused a browser link from %s: %d tries this minute", address, LINK_ATTEMPTS_PER_MINUTE)
            return None, web.Response(status=429, text="Too many tries: wait a minute\n")
        self.link_attempts.add(address)
        service = self.state.service
        player = (service.link_player(code) if service is not None and LINK_CODE.fullmatch(code) else None)
        if player is None:
            log.warning("refused a browser link from %s: a wrong, used or old code (%s)", address, what)
            return None, web.Response(status=403, text=LINK_REFUSED, content_type="text/html", charset="utf-8",
                                      headers={"Cache-Control": "no-store"})
        return player, None

    async def link_page(self, request: web.Request) -> web.Response:
        """A link code's page: whose it is, and a button that uses it (a POST from this page), so
        a chat's link preview fetching the address doesn't spend the code. A browser that is
        another player now is told so, and asked to confirm leaving that player."""
        code = request.match_info["code"]
        current = verify(self.secret, request.cookies.get(COOKIE))
        if current is None and request.headers.get("Sec-Fetch-Site") == "cross-site" and LINK_CODE.fullmatch(code):
            # (followed from a chat: without the SameSite=Strict cookie this browser's player isn't
            # known; asked again from here, which brings it)
            return web.Response(text=BOUNCE.format(url=f"/link/{code}"), content_type="text/html", charset="utf-8",
                                headers={"Cache-Control": "no-store"})
        player, refused = self._link_try(request, self.address(request), "its page")
        if refused is not None:
            return refused
        return web.Response(text=self._link_page(code, player, current), content_type="text/html",
                            charset="utf-8", headers={"Cache-Control": "no-store"})

    async def link(self, request: web.Request) -> web.Response:
        """A link code used: this browser is that code's player from now on (its cookie). A
        browser that is another player now must say it leaves that one (the page's `leave`)."""
        address = self.address(request)
        origin = request.headers.get("Origin")
        if origin is None or origin.lower() != self.origin(request):
            log.warning("refused a browser link from %s: a page from another origin (%.80r)", address, origin)
            return web.Response(status=403, text="Refused: a page from another site\n")
        player, refused = self._link_try(request, address, "its button")
        if refused is not None:
            return refused
        code = request.match_info["code"]
        current = verify(self.secret, request.cookies.get(COOKIE))
        if current is not None and current != player:
            try:
                form = await request.post()
            except ValueError:
                form = {}
            if form.get("leave") != current[:12]:  # (not confirmed, or for another player than this browser's)
                log.info("a browser link from %s: asked to confirm leaving %s for %s", address, current[:12],
                         player[:12])
                return web.Response(status=409, text=self._link_page(code, player, current),
                                    content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-store"})
        service = self.state.service
        if service.redeem_link(code) != player:  # (used in between)
            return web.Response(status=403, text=LINK_REFUSED, content_type="text/html", charset="utf-8")
        log.info("a browser at %s is now %s (a link code)%s", address, player[:12],
                 f", leaving {current[:12]}" if current is not None and current != player else "")
        response = web.Response(status=303, headers={"Location": "/"})
        self._set_player(response, player)
        return response
