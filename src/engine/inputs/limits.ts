// Caps on what an upload may make the engine do. Every number here bounds CPU, memory or time that
// a hostile file could otherwise claim; docs/file-scanning.md lists them for users.

export const INPUT_LIMITS = {
  /** Files in one upload or directory scan, archive entries included. */
  maxFiles: 2_000,
  /** Entries one archive may hold (directories included). */
  maxArchiveEntries: 2_000,
  /** Bytes all entries of all archives of one upload may inflate to, counted while inflating. */
  maxTotalInflatedBytes: 50 * 1024 * 1024,
  /** Bytes one archive entry may inflate to. */
  maxEntryInflatedBytes: 20 * 1024 * 1024,
  /** Inflated/compressed ratio above which an entry is treated as a bomb... */
  maxCompressionRatio: 100,
  /** ...once it is larger than this: small files legitimately compress very well. */
  ratioCheckMinBytes: 1024 * 1024,
  /** Bytes of one text file read by the parsers; a larger file is refused. */
  maxTextFileBytes: 20 * 1024 * 1024,
  /** Characters of one file that text checks (secrets) look at: the whole of any accepted file
   *  (it was 2 MB, and a secret padded past it went unseen; a 10 MB file takes well under 1 s). */
  maxScannedTextChars: 20 * 1024 * 1024,
  /** Characters of one line that text checks look at: a 10 MB minified line is cut here. */
  maxScannedLineChars: 16 * 1024,
  /** Nesting depth accepted in JSON/YAML/TOML documents before recursive walkers touch them. */
  maxDocumentDepth: 64,
  /** YAML aliases expanded per document (alias bombs). */
  maxYamlAliases: 100,
  /** Dependencies kept from one file. */
  maxDependenciesPerFile: 20_000,
} as const;
