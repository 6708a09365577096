import {
  attachImage,
  changeStatus,
  createTask,
  FiggleError,
  fileKeyFromLink,
  type LinkedTask,
  linkNode,
  listLinkedTasks,
  listProjects,
  normalizeServerUrl,
  STATUS_LABELS,
  type TaskStatus,
} from './figgle-api.ts';
import type { CodeMessage, Connection, PluginPlace, SelectedNode, UiMessage } from './messages.ts';

/** The plugin's interface, in Figma's iframe: all network calls happen here (code.ts has none). */

interface State {
  connection: Connection | null;
  place: PluginPlace;
  fileKey: string | null;
  selection: SelectedNode | null;
}
const state: State = {
  connection: null,
  place: { editorType: 'figma', mode: 'default' },
  fileKey: null,
  selection: null,
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const screens = ['connect-screen', 'file-screen', 'main-screen'] as const;

function send(message: UiMessage): void {
  parent.postMessage({ pluginMessage: message }, '*');
}

function show(screen: (typeof screens)[number]): void {
  for (const id of screens) $(id).hidden = id !== screen;
}

function say(id: string, text: string): void {
  $(id).textContent = text;
}

function nameOf(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

function dueText(task: LinkedTask): string {
  if (task.due_on) {
    const [year, month, day] = task.due_on.split('-').map(Number);
    return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1).toLocaleDateString(undefined, {
      dateStyle: 'medium',
    });
  }
  if (task.due_at)
    return new Date(task.due_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return '';
}

/** A refusal of the token sends the person back to Connect, with the reason. */
function handleFailure(error: unknown, statusId: string): void {
  if (error instanceof FiggleError && error.status === 401) {
    showConnect(error.message);
    return;
  }
  say(statusId, error instanceof Error ? error.message : String(error));
}

function showConnect(message = ''): void {
  show('connect-screen');
  if (state.connection) $<HTMLInputElement>('server-url').value = state.connection.serverUrl;
  say('connect-error', message);
  $<HTMLInputElement>(state.connection ? 'api-token' : 'server-url').focus();
}

function renderPlace(): void {
  const inDevMode = state.place.editorType === 'dev';
  say('place', inDevMode ? 'Dev Mode' : 'Design mode');
  say('connected-to', state.connection ? `Connected to ${state.connection.serverUrl}` : '');
}

function taskItem(task: LinkedTask): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'task';
  const head = document.createElement('p');
  head.className = 'task-head';
  const reference = document.createElement('span');
  reference.className = 'reference';
  reference.textContent = task.reference;
  const title = document.createElement('span');
  title.className = 'task-title';
  title.textContent = task.title;
  head.append(reference, ' ', title);

  const meta = document.createElement('p');
  meta.className = 'meta';
  const due = dueText(task);
  meta.textContent = [
    task.project_name,
    task.assignee ? `Assignee: ${nameOf(task.assignee)}` : 'Unassigned',
    due ? `Due ${due}` : 'No due date',
  ].join(' · ');

  const actions = document.createElement('div');
  actions.className = 'actions';
  const selectId = `status-${task.task_id}`;
  const label = document.createElement('label');
  label.htmlFor = selectId;
  label.className = 'visually-hidden';
  label.textContent = `Status of ${task.reference}`;
  const select = document.createElement('select');
  select.id = selectId;
  for (const [value, text] of Object.entries(STATUS_LABELS))
    select.add(new Option(text, value, false, value === task.status));
  select.addEventListener('change', async () => {
    const previous = task.status;
    const chosen = select.value as TaskStatus;
    select.disabled = true;
    try {
      await changeStatus(requireConnection(), task.task_id, chosen);
      task.status = chosen;
      say('list-status', `${task.reference} is now ${STATUS_LABELS[chosen]}.`);
    } catch (error) {
      select.value = previous;
      handleFailure(error, 'list-status');
    } finally {
      select.disabled = false;
    }
  });
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'secondary';
  open.textContent = 'Open in Figgle';
  open.setAttribute('aria-label', `Open ${task.reference} in Figgle`);
  open.addEventListener('click', () => send({ type: 'open-url', url: task.url }));
  actions.append(label, select, open);
  item.append(head, meta, actions);
  return item;
}

function requireConnection(): Connection {
  if (!state.connection) throw new FiggleError(401, 'Connect to Figgle first.');
  return state.connection;
}

let listRequest = 0;
async function refreshTasks(): Promise<void> {
  const list = $<HTMLUListElement>('tasks');
  const request = ++listRequest;
  const selection = state.selection;
  say('selection-name', selection ? selection.name : 'Nothing selected: select a frame to see its tasks.');
  $<HTMLFormElement>('create-form').hidden = selection === null;
  if (!selection || !state.fileKey || !state.connection) {
    list.replaceChildren();
    say('list-status', '');
    return;
  }
  say('list-status', 'Loading the linked tasks…');
  try {
    const tasks = await listLinkedTasks(state.connection, state.fileKey, selection.nodeIds);
    if (request !== listRequest) return; // the selection changed while this was asked
    list.replaceChildren(...tasks.map(taskItem));
    say('list-status', tasks.length ? '' : 'No task is linked to this layer or its parents yet.');
  } catch (error) {
    if (request === listRequest) handleFailure(error, 'list-status');
  }
}

async function loadProjects(): Promise<boolean> {
  const select = $<HTMLSelectElement>('project');
  const projects = await listProjects(requireConnection());
  const chosen = select.value;
  select.replaceChildren(
    ...projects.map(
      (project) => new Option(`${project.name} (${project.organization.name})`, project.project_id),
    ),
  );
  if (projects.some((project) => project.project_id === chosen)) select.value = chosen;
  say('create-status', projects.length ? '' : 'You have no project in Figgle yet: create one there first.');
  return true;
}

function resetTitle(): void {
  $<HTMLInputElement>('title').value = state.selection?.name.slice(0, 500) ?? '';
}

/** `takeFocus`: the screen replaces the one the person was typing in, so focus moves into it. */
async function showMain(takeFocus = false): Promise<void> {
  renderPlace();
  if (!state.fileKey) {
    show('file-screen');
    $<HTMLInputElement>('file-link').focus();
    return;
  }
  show('main-screen');
  resetTitle();
  if (takeFocus) $<HTMLElement>(state.selection ? 'title' : 'disconnect').focus();
  try {
    await loadProjects();
  } catch (error) {
    handleFailure(error, 'create-status');
    return;
  }
  await refreshTasks();
}

/** Asks code.ts for the frame's PNG; it answers with the bytes or a reason. */
let imageRequests = 0;
const pendingImages = new Map<
  number,
  { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }
>();
function exportImage(nodeId: string): Promise<Uint8Array> {
  const requestId = ++imageRequests;
  return new Promise((resolve, reject) => {
    pendingImages.set(requestId, { resolve, reject });
    send({ type: 'export-image', requestId, nodeId });
  });
}

async function createFromSelection(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const selection = state.selection;
  const fileKey = state.fileKey;
  const title = $<HTMLInputElement>('title').value.trim();
  const projectId = $<HTMLSelectElement>('project').value;
  if (!selection || !fileKey) return;
  if (!title) {
    say('create-status', 'The title of the task is required.');
    $<HTMLInputElement>('title').focus();
    return;
  }
  const button = $<HTMLButtonElement>('create-button');
  button.disabled = true;
  say('create-status', 'Creating the task…');
  let created = false;
  try {
    const connection = requireConnection();
    const task = await createTask(connection, projectId, title);
    created = true;
    await linkNode(connection, task.task_id, fileKey, selection.nodeId);
    if ($<HTMLInputElement>('attach-image').checked) {
      say('create-status', 'Attaching the layer’s image…');
      await attachImage(connection, task.task_id, selection.name, await exportImage(selection.nodeId));
    }
    say('create-status', `Task created: “${title}”.`);
    send({ type: 'notify', message: `Figgle: task “${title}” created` });
  } catch (error) {
    handleFailure(error, 'create-status');
    // The task exists once the first call succeeded: say so, so it is not made twice.
    if (created && !$('main-screen').hidden) {
      say('create-status', `Task “${title}” created, but not finished: ${$('create-status').textContent}`);
    }
  } finally {
    button.disabled = false;
  }
  if (created) await refreshTasks();
}

function onCodeMessage(message: CodeMessage): void {
  switch (message.type) {
    case 'init':
      state.place = message.place;
      state.fileKey = message.fileKey;
      state.selection = message.selection;
      state.connection = message.connection;
      if (state.connection) void showMain();
      else showConnect();
      return;
    case 'selection':
      state.selection = message.selection;
      resetTitle();
      if (!$('main-screen').hidden) void refreshTasks();
      return;
    case 'connection-saved':
      state.connection = message.connection;
      if (state.connection) void showMain(true);
      else showConnect('Disconnected. The token stays valid in Figgle until you revoke it there.');
      return;
    case 'file-key-saved':
      state.fileKey = message.fileKey;
      void showMain(true);
      return;
    case 'image':
      pendingImages.get(message.requestId)?.resolve(message.bytes);
      pendingImages.delete(message.requestId);
      return;
    case 'image-failed':
      pendingImages
        .get(message.requestId)
        ?.reject(new Error(`The layer’s image could not be exported: ${message.message}`));
      pendingImages.delete(message.requestId);
      return;
  }
}

async function connect(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const serverUrl = normalizeServerUrl($<HTMLInputElement>('server-url').value);
  const token = $<HTMLInputElement>('api-token').value.trim();
  if (!serverUrl)
    return say('connect-error', 'Type the address of your Figgle, such as https://figgle.example.com.');
  if (!token) return say('connect-error', 'Paste an API token from Figgle (Settings → API tokens).');
  say('connect-error', 'Connecting…');
  try {
    await listProjects({ serverUrl, token });
  } catch (error) {
    say('connect-error', error instanceof Error ? error.message : String(error));
    return;
  }
  $<HTMLInputElement>('api-token').value = '';
  send({ type: 'save-connection', connection: { serverUrl, token } });
}

function saveFileKey(event: SubmitEvent): void {
  event.preventDefault();
  const fileKey = fileKeyFromLink($<HTMLInputElement>('file-link').value);
  if (!fileKey) {
    say('file-error', 'This is not a link to a Figma file: use Share → Copy link.');
    return;
  }
  send({ type: 'save-file-key', fileKey });
}

export function startUi(): void {
  // Figma delivers the code's messages to this window as { pluginMessage }.
  window.addEventListener('message', (event: MessageEvent<{ pluginMessage?: CodeMessage }>) => {
    if (event.data?.pluginMessage) onCodeMessage(event.data.pluginMessage);
  });
  $<HTMLFormElement>('connect-form').addEventListener('submit', (event) => void connect(event));
  $<HTMLFormElement>('file-form').addEventListener('submit', saveFileKey);
  $<HTMLFormElement>('create-form').addEventListener('submit', (event) => void createFromSelection(event));
  // Escape in the form puts back the frame's name, as a person undoing their typing expects.
  $<HTMLFormElement>('create-form').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    resetTitle();
    say('create-status', '');
    $<HTMLInputElement>('title').focus();
  });
  $<HTMLButtonElement>('disconnect').addEventListener('click', () => send({ type: 'forget-connection' }));
  send({ type: 'ready' });
}
