// The server answers in English, with a stable code (`{ code, message }`). The web app shows the
// message in the reader's language when the errors catalogue knows it: its key is the code in
// camelCase (`invalid_email_or_password` → `errors.invalidEmailOrPassword`), with a suffix when one
// code has several messages (`errors.notFoundTask`: "Task not found."). A message the catalogue does
// not have word for word (one with the server's own details in it) stays in English.
import { keyOfEnglish, t } from './i18n';

function camelCase(code: string): string {
  return code.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The server's error message, translated when the catalogue has it for this code. */
export function errorText(code: string, message: string): string {
  const key = keyOfEnglish(`errors.${camelCase(code)}`, message);
  return key ? t(key) : message;
}
