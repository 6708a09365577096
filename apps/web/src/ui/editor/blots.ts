import { isAllowedLinkProtocol, SANITIZED_URL, sanitizeUrl } from '@figgle/shared/link-safety';
import Quill, { Parchment } from 'quill';
import { BlockEmbed } from 'quill/blots/block';
import Image from 'quill/formats/image';
import Link from 'quill/formats/link';
import Video from 'quill/formats/video';
import { t } from '../../lib/i18n/i18n';

/**
 * Every address that reaches the page goes through @figgle/shared/link-safety, and every text is set
 * as text (never as HTML): a stored document cannot run script, whatever the server let through.
 */

/** Links a person writes: http, https, mailto, tel and sms only (docs/product.md#rich-text-editor). */
class SafeLink extends Link {
  static override sanitize(url: string): string {
    return isAllowedLinkProtocol(url) ? url : SANITIZED_URL;
  }
}

/** An image address: safe (link-safety) and no SVG data. */
const imageSource = (url: unknown) => sanitizeUrl(typeof url === 'string' ? url : '');

/** A file a person may follow: the server's own files or an http(s) address. */
function fileHref(url: unknown): string {
  const safe = sanitizeUrl(typeof url === 'string' ? url : '');
  return /^(?:https?:\/\/|\/(?!\/))/i.test(safe) ? safe : SANITIZED_URL;
}

class SafeImage extends Image {
  static override sanitize(url: string): string {
    return imageSource(url);
  }
}

class SandboxedVideo extends Video {
  static override create(value: string): HTMLElement {
    // biome-ignore lint/complexity/noThisInStatic: Parchment's create reads the subclass's tagName through super
    const node = super.create(value) as HTMLElement;
    node.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
    node.setAttribute('title', t('ui.embeddedVideo'));
    return node;
  }
}

/** An uploaded image on a line of its own; its value is the image's public address. */
class ImageBlock extends BlockEmbed {
  static override blotName = 'imageblock';
  static override tagName = 'FIGURE';
  static override className = 'ql-imageblock';

  static override create(value: unknown): HTMLElement {
    // biome-ignore lint/complexity/noThisInStatic: Parchment's create reads the subclass's tagName through super
    const node = super.create(value) as HTMLElement;
    node.setAttribute('contenteditable', 'false');
    const image = document.createElement('img');
    image.setAttribute('src', imageSource(value));
    image.setAttribute('alt', '');
    image.setAttribute('loading', 'lazy');
    node.appendChild(image);
    return node;
  }

  static override value(node: HTMLElement): string {
    return node.querySelector('img')?.getAttribute('src') ?? SANITIZED_URL;
  }
}

interface FileBlockValue {
  url: string;
  name: string;
}

/** An uploaded file on a line of its own: a link with its name, opening in a new tab. */
class FileBlock extends BlockEmbed {
  static override blotName = 'fileblock';
  static override tagName = 'DIV';
  static override className = 'ql-fileblock';

  static override create(value: unknown): HTMLElement {
    // biome-ignore lint/complexity/noThisInStatic: Parchment's create reads the subclass's tagName through super
    const node = super.create(value) as HTMLElement;
    const file = (value ?? {}) as Partial<FileBlockValue>;
    node.setAttribute('contenteditable', 'false');
    const link = document.createElement('a');
    link.setAttribute('href', fileHref(file.url));
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
    link.textContent = typeof file.name === 'string' && file.name ? file.name : 'file';
    node.appendChild(link);
    return node;
  }

  static override value(node: HTMLElement): FileBlockValue {
    const link = node.querySelector('a');
    return { url: link?.getAttribute('href') ?? SANITIZED_URL, name: link?.textContent ?? '' };
  }
}

/** A mention of a person, shown as '@name'. */
class Mention extends Parchment.EmbedBlot {
  static override blotName = 'mention';
  static override tagName = 'SPAN';
  static override className = 'ql-mention';

  static override create(value: unknown): HTMLElement {
    // biome-ignore lint/complexity/noThisInStatic: Parchment's create reads the subclass's tagName through super
    const node = super.create(value) as HTMLElement;
    const mention = (value ?? {}) as Record<string, unknown>;
    for (const key of ['id', 'value', 'denotationChar', 'index']) {
      if (typeof mention[key] === 'string') node.dataset[key] = mention[key] as string;
    }
    node.setAttribute('contenteditable', 'false');
    node.textContent = `${node.dataset.denotationChar ?? '@'}${node.dataset.value ?? ''}`;
    return node;
  }

  static override value(node: HTMLElement): Record<string, string> {
    return { ...node.dataset } as Record<string, string>;
  }
}

/** A formula shown as its source text (no KaTeX on the page: Quill's own blot would throw without it). */
class PlainFormula extends Parchment.EmbedBlot {
  static override blotName = 'formula';
  static override tagName = 'SPAN';
  static override className = 'ql-formula';

  static override create(value: unknown): HTMLElement {
    // biome-ignore lint/complexity/noThisInStatic: Parchment's create reads the subclass's tagName through super
    const node = super.create(value) as HTMLElement;
    const text = typeof value === 'string' ? value : '';
    node.setAttribute('data-value', text);
    node.setAttribute('contenteditable', 'false');
    node.textContent = text;
    return node;
  }

  static override value(node: HTMLElement): string {
    return node.getAttribute('data-value') ?? '';
  }
}

let registered = false;

export function registerFiggleBlots(): void {
  if (registered) return;
  registered = true;
  Quill.register(
    {
      'formats/link': SafeLink,
      'formats/image': SafeImage,
      'formats/video': SandboxedVideo,
      'formats/formula': PlainFormula,
      'formats/imageblock': ImageBlock,
      'formats/fileblock': FileBlock,
      'formats/mention': Mention,
    },
    true,
  );
}
