/**
 * A Trello board export as Trello writes it (Menu → Print, export and share → Export as JSON): the
 * board's own fields, then `labels`, `lists`, `cards`, `checklists` and `actions` (comments are
 * `commentCard` actions, newest first), with Trello's 24-hex ids, positions and member objects.
 * Made up but deterministic, so tests and benches can count what must arrive.
 */
interface TrelloBoardOptions {
  name?: string;
  lists?: string[];
  cards: number;
  /** Comments per card, in turn (4 for every card: [4]). */
  commentsPerCard?: number[];
  /** Every n-th card is archived (closed). */
  closedEvery?: number;
}

interface TrelloBoardFixture {
  board: Record<string, unknown> & {
    name: string;
    lists: Array<{ id: string; name: string }>;
    cards: Array<{
      id: string;
      name: string;
      idList: string;
      closed: boolean;
      due: string | null;
      idLabels: string[];
      desc: string;
    }>;
    labels: Array<{ id: string; name: string; color: string | null }>;
    checklists: Array<{ id: string; idCard: string; checkItems: Array<{ name: string; state: string }> }>;
    actions: Array<{
      type: string;
      data: { text: string; card: { id: string } };
      memberCreator: { fullName: string };
      date: string;
    }>;
  };
  /** What the import must produce. */
  expected: { cards: number; comments: number; checklistItems: number; closed: number };
}

const LABELS: Array<[string, string | null]> = [
  ['Bug', 'red'],
  ['Feature', 'green'],
  ['Design', 'purple'],
  ['Backend', 'sky_dark'],
  ['', 'yellow'],
  ['Needs review', 'orange_light'],
];
const PEOPLE = [
  { id: '5f0a1b2c3d4e5f6a7b8c9d01', fullName: 'Ada Lovelace', username: 'ada' },
  { id: '5f0a1b2c3d4e5f6a7b8c9d02', fullName: 'Grace Hopper', username: 'grace' },
  { id: '5f0a1b2c3d4e5f6a7b8c9d03', fullName: 'Alan Turing', username: 'alan' },
];
const VERBS = ['Fix', 'Design', 'Write', 'Review', 'Ship', 'Measure', 'Plan', 'Test'];
const THINGS = [
  'the login page',
  'the invoice PDF',
  'onboarding emails',
  'the pricing table',
  'search results',
  'the mobile menu',
  'the export',
  'the dashboard',
];

/** A Trello-looking id: 24 hex digits, distinct per kind and number. */
function trelloId(kind: number, n: number): string {
  return `${kind.toString(16).padStart(8, '0')}${n.toString(16).padStart(16, '0')}`;
}

export function trelloBoard(options: TrelloBoardOptions): TrelloBoardFixture {
  const boardId = trelloId(1, 1);
  const listNames = options.lists ?? ['To Do', 'Doing', 'Done'];
  const commentsPerCard = options.commentsPerCard ?? [2, 0, 1];
  const closedEvery = options.closedEvery ?? 25;
  const labels = LABELS.map(([name, color], index) => ({
    id: trelloId(2, index),
    idBoard: boardId,
    name,
    color,
    uses: 0,
  }));
  const lists = listNames.map((name, index) => ({
    id: trelloId(3, index),
    name,
    closed: false,
    idBoard: boardId,
    pos: (index + 1) * 16384,
    subscribed: false,
  }));
  const cards: TrelloBoardFixture['board']['cards'] = [];
  const checklists: TrelloBoardFixture['board']['checklists'] = [];
  const actions: TrelloBoardFixture['board']['actions'] = [];
  const start = Date.UTC(2024, 0, 8, 9, 0, 0);
  let checklistItems = 0;
  let closed = 0;
  for (let n = 0; n < options.cards; n++) {
    const list = lists[n % lists.length]!;
    const id = trelloId(4, n);
    const name = `${VERBS[n % VERBS.length]} ${THINGS[Math.floor(n / VERBS.length) % THINGS.length]} #${n + 1}`;
    const isClosed = closedEvery > 0 && n % closedEvery === closedEvery - 1;
    if (isClosed) closed++;
    const idLabels =
      n % 3 === 0
        ? []
        : [labels[n % labels.length]!.id, ...(n % 4 === 1 ? [labels[(n + 1) % labels.length]!.id] : [])];
    const due = n % 2 === 0 ? new Date(start + (n % 60) * 86_400_000 + 17 * 3_600_000).toISOString() : null;
    const idChecklists: string[] = [];
    if (n % 5 === 0) {
      const checklistId = trelloId(5, n);
      idChecklists.push(checklistId);
      const checkItems = ['Draft', 'Review', 'Publish'].map((step, index) => ({
        id: trelloId(6, n * 3 + index),
        idChecklist: checklistId,
        name: `${step} (${n + 1})`,
        state: index === 0 ? 'complete' : 'incomplete',
        pos: (index + 1) * 16384,
      }));
      checklistItems += checkItems.length;
      checklists.push({
        id: checklistId,
        idBoard: boardId,
        idCard: id,
        name: 'Steps',
        pos: 16384,
        checkItems,
      } as TrelloBoardFixture['board']['checklists'][number]);
    }
    cards.push({
      id,
      name,
      desc: n % 2 === 0 ? `What: ${name.toLowerCase()}.\nWhy: customers asked for it (card ${n + 1}).` : '',
      closed: isClosed,
      idBoard: boardId,
      idList: list.id,
      idLabels,
      labels: idLabels.map((labelId) => labels.find((label) => label.id === labelId)),
      due,
      dueComplete: false,
      idChecklists,
      idMembers: [],
      idShort: n + 1,
      pos: (Math.floor(n / lists.length) + 1) * 16384,
      shortLink: id.slice(-8),
      dateLastActivity: new Date(start + n * 60_000).toISOString(),
    } as TrelloBoardFixture['board']['cards'][number]);
    const count = commentsPerCard[n % commentsPerCard.length]!;
    for (let c = 0; c < count; c++) {
      const person = PEOPLE[(n + c) % PEOPLE.length]!;
      actions.push({
        id: trelloId(7, actions.length),
        idMemberCreator: person.id,
        type: 'commentCard',
        date: new Date(start + n * 3_600_000 + c * 60_000).toISOString(),
        data: {
          text: `Comment ${c + 1} on card ${n + 1}: looks good, ${person.username}.`,
          card: { id, name, idShort: n + 1, shortLink: id.slice(-8) },
          board: { id: boardId, name: options.name ?? 'Website relaunch', shortLink: 'Wb12Rl34' },
          list: { id: list.id, name: list.name },
        },
        memberCreator: {
          ...person,
          initials: person.fullName
            .split(' ')
            .map((part) => part[0])
            .join(''),
          avatarUrl: null,
        },
      } as TrelloBoardFixture['board']['actions'][number]);
    }
  }
  // Trello puts the newest action first; a non-comment action is mixed in, as in real exports.
  actions.reverse();
  actions.splice(1, 0, {
    id: trelloId(8, 1),
    type: 'updateCard',
    date: new Date(start).toISOString(),
    data: { card: { id: cards[0]?.id ?? '' } },
  } as never);
  const board = {
    id: boardId,
    name: options.name ?? 'Website relaunch',
    desc: '',
    closed: false,
    url: 'https://trello.com/b/Wb12Rl34/website-relaunch',
    shortLink: 'Wb12Rl34',
    prefs: { permissionLevel: 'private', background: 'blue' },
    labelNames: Object.fromEntries(LABELS.map(([name, color]) => [color, name])),
    labels,
    lists,
    cards,
    checklists,
    actions,
    members: PEOPLE,
  };
  return {
    board,
    expected: {
      cards: cards.length,
      comments: actions.filter((action) => action.type === 'commentCard').length,
      checklistItems,
      closed,
    },
  };
}
