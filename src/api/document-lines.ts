/**
 * The line each YAML document of a multi-document text starts on, so a problem can say which
 * document it is in. A scan of the lines, not a parse: it is used only where the parser that read
 * the text found the same number of documents.
 */

const DOCUMENT_START = /^---(?:\s|$)/;
const DOCUMENT_END = /^\.\.\.(?:\s|$)/;

/**
 * One entry per document (empty ones included, in the order a YAML parser returns them): the
 * 1-based line of its first content line, or of its `---` marker when it has no content.
 */
export function documentStartLines(text: string): number[] {
  const starts: number[] = [];
  let open = false;
  let awaitingContent = false;
  text.split('\n').forEach((line, i) => {
    if (DOCUMENT_START.test(line)) {
      starts.push(i + 1);
      open = true;
      // `--- {a: 1}` has its content on the marker line.
      awaitingContent = line.slice(3).trim() === '' || line.slice(3).trim().startsWith('#');
      return;
    }
    if (DOCUMENT_END.test(line)) {
      open = false;
      awaitingContent = false;
      return;
    }
    // Inside a document whose first content line is known, a line changes nothing but a marker.
    if (open && !awaitingContent) return;
    const trimmed = line.trim();
    const content = trimmed !== '' && !trimmed.startsWith('#') && !line.startsWith('%');
    if (!content) return;
    if (!open) {
      starts.push(i + 1);
      open = true;
    } else if (awaitingContent) {
      starts[starts.length - 1] = i + 1;
    }
    awaitingContent = false;
  });
  return starts;
}
