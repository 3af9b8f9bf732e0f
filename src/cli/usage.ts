export const USAGE = `Usage:
  fuzzy-edit apply [--dry-run] [--cwd DIR] [--json] [FILE...]
  fuzzy-edit apply --file PATH [--dry-run] [--cwd DIR] [--json] [FILE]
  fuzzy-edit find FILE [--line N] [--cwd DIR] [--json]
  fuzzy-edit --help

apply   Reads edits from each FILE (from stdin when no FILE is given, or for "-"), in any
        format assistants emit: SEARCH/REPLACE blocks (aider, cline, roo), edit tool calls
        as JSON, unified diffs, apply_patch ("*** Begin Patch") blocks. Finds each edit's
        old text in the files under --cwd, approximately but refusing when unsure, and
        prints per edit the file, the tier that matched, its score and the line range.
        All edits to a file are matched against the file as it is on disk; edits that
        overlap each other are refused. A file is written only when every edit to it was
        resolved: a file with a refused edit is left untouched, and the other files are
        still written. Writing is atomic per file (temporary file, then rename; in place
        for a file with several hard links), and refused if the file changed on disk
        since it was read; line endings and a byte-order mark are kept. Binary and
        non-UTF-8 files are never rewritten. If the input cannot be read as edits, or
        names a path it may not touch, nothing is written.
        With --file PATH (or when the input is one code block whose fence names its
        file, as in \`\`\`ts src/x.ts), the input is a bare code block: the new code
        only, fenced or not, with "// ... existing code ..." where lines stay. It is
        placed in PATH by the lines it shares with the file, refused when the place is
        not clear, and merged in the file's style.
find    Reads an approximate snippet from stdin and prints where it is in FILE (tier,
        score, 1-based line range), or why it cannot be said.

Options:
  --dry-run     Resolve everything and print a unified diff per file; write nothing.
  --cwd DIR     The directory edit paths are relative to (default: the current one).
                Absolute paths, URIs, paths outside it (also through a symbolic link),
                and anything inside .git are refused.
  --file PATH   apply: the input is a bare code block for PATH (see above).
  --json        Print one JSON object instead of text.
  --line N      find: the 1-based line where the snippet should be; breaks ties only.
  --debug       Print the stack trace of an unexpected error.
  -h, --help    Show this help.

Exit status:
  0  every edit was applied (find: found)
  1  some edits were refused, or a file could not be written; the others were applied
     (find: not found, or found in several places)
  2  bad input, nothing written: bad arguments, an unreadable input, text that is not
     a valid edit request (the message gives the line), an edit naming no file or a
     path it may not touch (see --cwd), a directory, a device; or an unexpected error
`;
