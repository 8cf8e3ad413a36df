"""Layer 4, files on disk: snapshot text read and written (``snapshot_text``), atomic writes, locks and ``-`` (``atomic``), the undo history (``history``), the campaign record (``campaign_file``)."""
