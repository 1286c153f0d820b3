"""An in-memory whoosh storage that is private to its process.

whoosh's `RamStorage` keeps the temporary files of its writers on disk, at
`/tmp/<indexname>.tmp`: one path shared by every process on the machine, so two
processes building in memory at once (an unwritable cache, a parallel test run) write
into each other's files. This one keeps them in memory too.
"""

from __future__ import annotations

from whoosh.filedb.filestore import RamStorage


class PrivateRamStorage(RamStorage):
    def temp_storage(self, name=None):
        return RamStorage()
