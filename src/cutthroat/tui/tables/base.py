"""What every game's table screen shares: the public view, the card style, and the save,
rules and in-game menu keys."""

from __future__ import annotations

from textual.screen import Screen


class TableScreenBase(Screen):
    """A game table. Subclasses set `self.session` and say what a save is called by default."""

    @property
    def public(self):
        """The spectator's view: what may show while nobody in particular has the screen."""
        return self.session.view(None)

    @property
    def ascii_style(self) -> bool:
        return self.app.settings.resolved_card_style() == "ascii"

    def is_bot(self, seat: int) -> bool:
        return self.session.seat_is_bot(seat)

    def whose(self, seat: int) -> str:
        """"Your" for the one human at the table, "Ana's" otherwise (hot-seat, bots)."""
        humans = [q for q in range(len(self.session.seats)) if not self.is_bot(q)]
        if humans == [seat]:
            return "Your"
        return f"{self.session.seats[seat].name}'s"

    def save_name(self) -> str:
        return f"{self.session.game} move {len(self.session.log)}"

    def action_save(self) -> None:
        from cutthroat.tui.screens.save import SaveScreen

        self.app.push_screen(SaveScreen(self.session, self.save_name()))

    def action_rules(self) -> None:
        from cutthroat.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.game))

    def action_menu(self) -> None:
        from cutthroat.tui.screens.menu import MenuScreen

        self.app.push_screen(MenuScreen(), self.after_menu)

    def after_menu(self, choice: str | None) -> None:
        app = self.app
        if choice == "save":
            self.action_save()
        elif choice == "load":
            from cutthroat.tui.screens.load import LoadScreen

            app.push_screen(LoadScreen())
        elif choice == "settings":
            from cutthroat.tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif choice == "rules":
            self.action_rules()
        elif choice == "title":
            app.pop_screen()
        elif choice == "quit":
            app.exit()
