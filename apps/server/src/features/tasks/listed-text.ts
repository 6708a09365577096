const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const LINE_FEED = 0x0a;

/**
 * A task's summary as a list holds it. A write reads its task back with json_build_object
 * (`taskSummaryJson`), which spells the object's own keys and values with spaces (`{"a" : 1, "b" : 2}`);
 * the list is json_agg of rows, which spells them with none (`{"a":1,"b":2}`). The values are the
 * same SQL expressions in both (queries.ts), nested objects spelled alike: only the white space
 * between the outer object's keys and values differs, and only that is removed (none is left
 * outside a string at that depth otherwise).
 */
export function listedTextOfSummary(summary: string): string {
  let text = '';
  let from = 0;
  let depth = 0;
  let inString = false;
  for (let at = 0; at < summary.length; at++) {
    const code = summary.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
    else if (depth === 1 && (code === SPACE || code === LINE_FEED)) {
      text += summary.slice(from, at);
      from = at + 1;
    }
  }
  return text + summary.slice(from);
}
