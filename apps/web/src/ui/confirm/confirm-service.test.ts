import { afterEach, describe, expect, it } from 'vitest';
import { type ConfirmRequest, choose, confirm, listenToConfirmRequests } from './confirm-service';

let stopListening: (() => void) | undefined;

afterEach(() => {
  stopListening?.();
  stopListening = undefined;
});

function listen(onRequest: (request: ConfirmRequest) => void) {
  stopListening = listenToConfirmRequests(onRequest);
}

describe('choose', () => {
  it('offers the alternative between cancel and confirm, and says which was chosen', async () => {
    const answers: Array<boolean | 'alternative'> = ['alternative', true, false];
    listen((request) => {
      expect(request.alternativeLabel).toBe('Keep the sub-tasks');
      request.resolve(answers.shift()!);
    });
    const options = { title: 'Delete?', text: 'It has 3 sub-tasks.', alternativeLabel: 'Keep the sub-tasks' };
    await expect(choose(options)).resolves.toBe('alternative');
    await expect(choose(options)).resolves.toBe('confirm');
    await expect(choose(options)).resolves.toBe('cancel');
  });

  it('offers no alternative to a plain confirmation', async () => {
    listen((request) => {
      expect(request.alternativeLabel).toBeNull();
      request.resolve(true);
    });
    await expect(confirm({ title: 'Sure?', text: 'Really.' })).resolves.toBe(true);
  });
});

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
