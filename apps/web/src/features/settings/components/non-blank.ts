/**
 * Native validity for a required text that must not be only spaces (the server trims it):
 * an invalid submit does nothing and the browser names the field's problem.
 */
export function nonBlank(message: string) {
  return { required: true, pattern: '.*\\S.*', title: message } as const;
}
