/**
 * Reads until `read` answers something truthy, every `pollMs`, and answers it; throws "Timed out
 * waiting for <what>" once `timeoutMs` has passed. The one polling loop of the server tests.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  what: string,
  timeoutMs = 15_000,
  pollMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
