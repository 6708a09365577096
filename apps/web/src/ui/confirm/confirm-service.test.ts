import { afterEach, describe, expect, it } from 'vitest';
import { type ConfirmRequest, confirm, listenToConfirmRequests } from './confirm-service';

let stopListening: (() => void) | undefined;

afterEach(() => {
  stopListening?.();
  stopListening = undefined;
});

function listen(onRequest: (request: ConfirmRequest) => void) {
  stopListening = listenToConfirmRequests(onRequest);
}

describe('confirm', () => {
  it('fills the default labels and resolves with the answer of the dialog', async () => {
    const received: ConfirmRequest[] = [];
    listen((request) => {
      received.push(request);
      request.resolve(true);
    });

    await expect(confirm({ title: 'Delete the project?', text: 'It cannot be undone.' })).resolves.toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      title: 'Delete the project?',
      text: 'It cannot be undone.',
      cancelLabel: 'Cancel',
      confirmLabel: 'Ok',
      noCancel: false,
    });
  });

  it('passes custom labels and the noCancel flag through, and resolves false on cancel', async () => {
    listen((request) => {
      expect(request).toMatchObject({ cancelLabel: 'Keep', confirmLabel: 'Remove', noCancel: true });
      request.resolve(false);
    });

    await expect(
      confirm({
        title: 'Remove?',
        text: 'Remove the member.',
        cancelLabel: 'Keep',
        confirmLabel: 'Remove',
        noCancel: true,
      }),
    ).resolves.toBe(false);
  });

  it('rejects when no dialog host is mounted, instead of waiting forever', async () => {
    await expect(confirm({ title: 'Anyone?', text: 'Nobody listens.' })).rejects.toThrow(
      'The confirm dialog host is not mounted',
    );
  });
});
