"""The table host: runs a table headless and tells each seat, through its port, only what that
seat may know. See `table.py`."""

from cutthroat.host.clock import ManualClock, SystemClock
from cutthroat.host.ports import SeatPort, WirePort
from cutthroat.host.table import TableHost
from cutthroat.host.updates import SeatInfo, SeatUpdate, TableInfo
from cutthroat.host.workers import InlineWorkers, ThreadWorkers

__all__ = ["InlineWorkers", "ManualClock", "SeatInfo", "SeatPort", "SeatUpdate", "SystemClock",
           "TableHost", "TableInfo", "ThreadWorkers", "WirePort"]
