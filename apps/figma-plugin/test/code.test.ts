import { beforeEach, describe, expect, it } from 'vitest';
import { startPlugin } from '../src/code.ts';
import { type CodeMessage, STORAGE_CONNECTION, STORAGE_FILE_KEYS } from '../src/messages.ts';
import { type FakeFigma, installFakeFigma } from './fake-figma-global.ts';

/** The sandbox half of the plugin (src/code.ts) against a fake `figma` global (fake-figma-global.ts). */

let fake: FakeFigma;
const last = (): CodeMessage | undefined => fake.posted.at(-1);

function started(place?: Parameters<typeof installFakeFigma>[0]): FakeFigma {
  fake = installFakeFigma(place);
  startPlugin();
  return fake;
}

beforeEach(() => {
  started();
});

describe('starting', () => {
  it("shows the interface in Figma's theme colours", () => {
    expect(fake.showUI).toEqual({
      html: '<p>Figgle plugin</p>',
      options: expect.objectContaining({ themeColors: true, title: 'Figgle' }),
    });
  });

  it('tells the interface where it runs, the file, the stored connection and the selection with its parents', async () => {
    const section = fake.frame('3:1', 'Checkout');
    const button = fake.frame('3:7', 'Pay button', section);
    fake.select(button);
    await fake.fromUi({ type: 'ready' });
    expect(last()).toEqual({
      type: 'init',
      connection: null,
      place: { editorType: 'figma', mode: 'default' },
      fileKey: 'FakeFile12345',
      fileName: 'Checkout flows',
      selection: { nodeId: '3:7', name: 'Pay button', nodeIds: ['3:7', '3:1', '0:1'] },
    });
  });

  it("runs in Dev Mode's inspect panel and says so", async () => {
    started({ editorType: 'dev', mode: 'inspect' });
    await fake.fromUi({ type: 'ready' });
    expect(last()).toMatchObject({
      type: 'init',
      place: { editorType: 'dev', mode: 'inspect' },
      selection: null,
    });
  });
});

describe('the connection', () => {
  it('is kept in client storage, given back at the next start, and forgotten on Disconnect', async () => {
    const connection = { serverUrl: 'https://figgle.example.com', token: 'fgl_secret' };
    await fake.fromUi({ type: 'save-connection', connection });
    expect(fake.storage.get(STORAGE_CONNECTION)).toEqual(connection);
    expect(last()).toEqual({ type: 'connection-saved', connection });

    const storage = fake.storage;
    started();
    for (const [key, value] of storage) fake.storage.set(key, value);
    await fake.fromUi({ type: 'ready' });
    expect(last()).toMatchObject({ type: 'init', connection });

    await fake.fromUi({ type: 'forget-connection' });
    expect(fake.storage.has(STORAGE_CONNECTION)).toBe(false);
    expect(last()).toEqual({ type: 'connection-saved', connection: null });
  });

  it('is not trusted when storage holds something else', async () => {
    fake.storage.set(STORAGE_CONNECTION, { serverUrl: 42 });
    await fake.fromUi({ type: 'ready' });
    expect(last()).toMatchObject({ type: 'init', connection: null });
  });
});

describe('the file key', () => {
  it('without figma.fileKey, is asked for once and remembered under the document name', async () => {
    started({ fileKey: undefined });
    await fake.fromUi({ type: 'ready' });
    expect(last()).toMatchObject({ type: 'init', fileKey: null });
    await fake.fromUi({ type: 'save-file-key', fileKey: 'GivenKey12345' });
    expect(fake.storage.get(STORAGE_FILE_KEYS)).toEqual({ 'Checkout flows': 'GivenKey12345' });
    expect(last()).toEqual({ type: 'file-key-saved', fileKey: 'GivenKey12345' });
    await fake.fromUi({ type: 'ready' });
    expect(last()).toMatchObject({ type: 'init', fileKey: 'GivenKey12345' });
  });
});

describe('the selection', () => {
  it('is sent on each change, and null when nothing is selected', () => {
    const frame = fake.frame('5:1', 'Hero');
    fake.select(frame);
    expect(last()).toEqual({
      type: 'selection',
      selection: { nodeId: '5:1', name: 'Hero', nodeIds: ['5:1', '0:1'] },
    });
    fake.select();
    expect(last()).toEqual({ type: 'selection', selection: null });
  });

  it('names at most 100 nodes, the nearest ones, however deep the layer', () => {
    let parent = fake.frame('1:0', 'Level 0');
    for (let depth = 1; depth < 150; depth += 1) parent = fake.frame(`1:${depth}`, `Level ${depth}`, parent);
    fake.select(parent);
    const message = last();
    if (message?.type !== 'selection' || !message.selection)
      throw new Error(`unexpected ${JSON.stringify(message)}`);
    expect(message.selection.nodeIds).toHaveLength(100);
    expect(message.selection.nodeIds[0]).toBe('1:149');
  });
});

describe("the layer's image", () => {
  it('is exported as PNG and sent to the interface with its request id', async () => {
    fake.frame('7:1', 'Card');
    await fake.fromUi({ type: 'export-image', requestId: 3, nodeId: '7:1' });
    expect(fake.exports).toEqual([
      { nodeId: '7:1', settings: { format: 'PNG', constraint: { type: 'SCALE', value: 1 } } },
    ]);
    expect(last()).toEqual({ type: 'image', requestId: 3, bytes: new Uint8Array([137, 80, 78, 71, 3]) });
  });

  it('of a very wide frame is exported 1600 pixels wide', async () => {
    fake.frame('7:2', 'Whole page', undefined, 5000);
    await fake.fromUi({ type: 'export-image', requestId: 4, nodeId: '7:2' });
    expect(fake.exports[0]?.settings).toEqual({ format: 'PNG', constraint: { type: 'WIDTH', value: 1600 } });
  });

  it('of a layer removed meanwhile is a failure the interface can show', async () => {
    fake.frame('7:3', 'Gone');
    fake.removed.add('7:3');
    await fake.fromUi({ type: 'export-image', requestId: 5, nodeId: '7:3' });
    expect(last()).toEqual({
      type: 'image-failed',
      requestId: 5,
      message: 'The layer is gone: select it again.',
    });
  });
});

describe('opening and telling', () => {
  it("opens a task's web address in the browser, and nothing else", async () => {
    await fake.fromUi({ type: 'open-url', url: 'https://figgle.example.com/task/1' });
    await fake.fromUi({ type: 'open-url', url: 'javascript:alert(1)' });
    expect(fake.opened).toEqual(['https://figgle.example.com/task/1']);
  });

  it("shows the interface's notices in Figma", async () => {
    await fake.fromUi({ type: 'notify', message: 'Figgle: task created' });
    expect(fake.notices).toEqual(['Figgle: task created']);
  });
});
