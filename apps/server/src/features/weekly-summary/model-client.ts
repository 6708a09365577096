import { SUMMARY_TEXT_MAX, type WeeklyFacts } from '@figgle/shared/weekly-summary-schemas';

export interface ModelSettings {
  /** The API's base with its version, e.g. http://127.0.0.1:11434/v1 (no trailing slash). */
  url: string;
  key: string;
  model: string;
  timeoutMs: number;
}

/** Why the model's answer was not used: a short reason, safe to log (never the key nor the answer). */
export class ModelFailure extends Error {}

/** A short summary is a few hundred bytes of JSON; an answer this large is not one. */
const ANSWER_MAX_BYTES = 256 * 1024;
/** Room for a few sentences; the text is cut to SUMMARY_TEXT_MAX characters anyway. */
const MAX_TOKENS = 400;

const SYSTEM_PROMPT = [
  'You write the weekly summary shown on the dashboard of Figgle, a task tracker.',
  'The user message holds the facts of the last 7 days as JSON: tasks created and completed, tasks',
  'overdue now, the most active projects and the people with the most changes.',
  'Write 3 to 5 short sentences or "- " bullets in plain words for the team.',
  'Use only these facts and their numbers; never invent tasks, people or projects.',
  'No heading, no greeting, no Markdown other than "- " bullets.',
].join(' ');

/** Reads at most ANSWER_MAX_BYTES of the body, then gives up (and closes it). */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ANSWER_MAX_BYTES) {
      await reader.cancel();
      throw new ModelFailure(`answer larger than ${ANSWER_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function contentOf(json: unknown): string {
  const choices = (json as { choices?: unknown } | null)?.choices;
  const first = Array.isArray(choices)
    ? (choices[0] as { message?: { content?: unknown } } | undefined)
    : undefined;
  const content = first?.message?.content;
  if (typeof content !== 'string') throw new ModelFailure('answer without choices[0].message.content');
  return content;
}

/** Keeps at most `max` characters, cut at the last space before the limit. */
function capText(text: string, max = SUMMARY_TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp's server) for
 * the summary of `facts`. Throws ModelFailure for anything but a usable answer within the timeout:
 * the caller then shows the factual summary.
 */
export async function askModelForSummary(settings: ModelSettings, facts: WeeklyFacts): Promise<string> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${settings.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.key}` },
      body: JSON.stringify({
        model: settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: JSON.stringify(facts) },
        ],
        max_tokens: MAX_TOKENS,
        temperature: 0.2,
        stream: false,
      }),
      // A redirect could carry the key elsewhere.
      redirect: 'error',
      signal,
    });
  } catch (error) {
    throw new ModelFailure(signal.aborted ? 'no answer in time' : `unreachable (${(error as Error).name})`);
  }
  try {
    if (!response.ok) throw new ModelFailure(`answered HTTP ${response.status}`);
    const body = await readCapped(response);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ModelFailure('answer is not JSON');
    }
    const text = contentOf(json).replace(/\r\n?/g, '\n').trim();
    if (!text) throw new ModelFailure('empty answer');
    return capText(text);
  } catch (error) {
    // Whatever went wrong, the connection is given back: the unread rest of the body is dropped.
    await response.body?.cancel().catch(() => undefined);
    if (error instanceof ModelFailure) throw error;
    throw new ModelFailure(
      signal.aborted ? 'no answer in time' : `unreadable answer (${(error as Error).name})`,
    );
  }
}
