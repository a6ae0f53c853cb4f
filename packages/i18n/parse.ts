// A small ICU message parser for the back-office's first load, in place of @formatjs/icu-messageformat-parser
// (with its skeleton parser, ~8 kB gzip of the sign-in page): the back-office's Vite config points that package at
// this module. It reads the syntax the catalogues use — text with ICU quoting, {arguments}, plural, selectordinal
// and select with `#`, =N and offset, {x, number|date|time} without a style, and <tags> — into the same AST as
// formatjs (without locations); anything else throws, and react-intl then shows the raw text and logs the error.
// `pnpm i18n:check` parses every message of every catalogue with both parsers and fails on any difference.
import {
  type MessageFormatElement,
  type PluralOrSelectOption,
  TYPE,
} from '@formatjs/icu-messageformat-parser/no-parser.js';

export * from '@formatjs/icu-messageformat-parser/no-parser.js';

type ParentArg = 'plural' | 'selectordinal' | 'select' | null;

const isAlpha = (c: string | undefined) => c !== undefined && /[a-zA-Z]/.test(c);
// Pattern_White_Space as formatjs skips it between the parts of an argument.
const isSpace = (c: string | undefined) =>
  c !== undefined && /[\t-\r \u0085\u200E\u200F\u2028\u2029]/.test(c);

class Parser {
  private i = 0;
  private readonly text: string;
  private readonly ignoreTag: boolean;
  constructor(text: string, ignoreTag: boolean) {
    this.text = text;
    this.ignoreTag = ignoreTag;
  }

  private fail(what: string): never {
    throw new SyntaxError(`${what} at ${this.i} in "${this.text}"`);
  }

  private ch(): string | undefined {
    return this.text[this.i];
  }

  private spaces() {
    while (isSpace(this.ch())) this.i++;
  }

  message(nesting: number, parent: ParentArg, inTag: boolean): MessageFormatElement[] {
    const elements: MessageFormatElement[] = [];
    while (this.i < this.text.length) {
      const c = this.ch();
      const next = this.text[this.i + 1];
      if (c === '{') elements.push(this.argument(nesting));
      else if (c === '}' && nesting > 0) break;
      else if (c === '#' && (parent === 'plural' || parent === 'selectordinal')) {
        this.i++;
        elements.push({ type: TYPE.pound } as MessageFormatElement);
      } else if (c === '<' && !this.ignoreTag && next === '/') {
        if (inTag) break;
        this.fail('unmatched closing tag');
      } else if (c === '<' && !this.ignoreTag && isAlpha(next)) elements.push(this.tag(nesting, parent));
      else elements.push({ type: TYPE.literal, value: this.literal(nesting, parent) });
    }
    return elements;
  }

  private literal(nesting: number, parent: ParentArg): string {
    let value = '';
    for (;;) {
      const c = this.ch();
      if (c === undefined) break;
      const next = this.text[this.i + 1];
      if (c === "'" && next === "'") {
        value += "'";
        this.i += 2;
      } else if (
        c === "'" &&
        (next === '{' ||
          next === '}' ||
          next === '<' ||
          next === '>' ||
          (next === '#' && (parent === 'plural' || parent === 'selectordinal')))
      ) {
        // Quoted text: up to the next single apostrophe ('' inside stands for one).
        this.i++;
        value += this.text[this.i++];
        while (this.i < this.text.length) {
          if (this.ch() === "'") {
            if (this.text[this.i + 1] === "'") {
              value += "'";
              this.i += 2;
              continue;
            }
            this.i++;
            break;
          }
          value += this.text[this.i++];
        }
      } else if (
        c === '{' ||
        (c === '#' && (parent === 'plural' || parent === 'selectordinal')) ||
        (c === '}' && nesting > 0)
      )
        break;
      else if (c === '<') {
        // A '<' that opens no tag is text.
        if (!this.ignoreTag && (isAlpha(next) || next === '/')) break;
        value += c;
        this.i++;
      } else {
        value += c;
        this.i++;
      }
    }
    return value;
  }

  private identifier(): string {
    const start = this.i;
    while (this.i < this.text.length && !isSpace(this.ch()) && !/[{}#,<>'=]/.test(this.ch() as string))
      this.i++;
    return this.text.slice(start, this.i);
  }

  private tag(nesting: number, parent: ParentArg): MessageFormatElement {
    this.i++; // <
    const name = this.tagName();
    this.spaces();
    if (this.text.startsWith('/>', this.i)) {
      this.i += 2;
      return { type: TYPE.literal, value: `<${name}/>` };
    }
    if (this.ch() !== '>') this.fail('invalid tag');
    this.i++;
    const children = this.message(nesting + 1, parent, true);
    if (!this.text.startsWith('</', this.i)) this.fail('unclosed tag');
    this.i += 2;
    if (this.tagName() !== name) this.fail('mismatched closing tag');
    this.spaces();
    if (this.ch() !== '>') this.fail('invalid closing tag');
    this.i++;
    return { type: TYPE.tag, value: name, children } as MessageFormatElement;
  }

  private tagName(): string {
    const start = this.i;
    while (this.i < this.text.length && /[-.0-9_a-zA-Z\u00B7\u00C0-\uFFFF]/.test(this.ch() as string))
      this.i++;
    return this.text.slice(start, this.i);
  }

  private argument(nesting: number): MessageFormatElement {
    this.i++; // {
    this.spaces();
    const value = this.identifier();
    if (!value) this.fail('empty argument');
    this.spaces();
    if (this.ch() === '}') {
      this.i++;
      return { type: TYPE.argument, value };
    }
    if (this.ch() !== ',') this.fail('malformed argument');
    this.i++;
    this.spaces();
    const kind = this.identifier();
    this.spaces();
    if (kind === 'number' || kind === 'date' || kind === 'time') {
      if (this.ch() !== '}') this.fail(`unsupported ${kind} style`);
      this.i++;
      const type = kind === 'number' ? TYPE.number : kind === 'date' ? TYPE.date : TYPE.time;
      return { type, value, style: null } as MessageFormatElement;
    }
    if (kind !== 'plural' && kind !== 'selectordinal' && kind !== 'select') this.fail(`unsupported ${kind}`);
    if (this.ch() !== ',') this.fail('expected options');
    this.i++;
    this.spaces();
    let offset = 0;
    if (kind !== 'select' && this.text.startsWith('offset:', this.i)) {
      this.i += 'offset:'.length;
      this.spaces();
      const digits = /^-?\d+/.exec(this.text.slice(this.i))?.[0];
      if (!digits) this.fail('invalid offset');
      offset = Number(digits);
      this.i += digits.length;
      this.spaces();
    }
    const options: Record<string, PluralOrSelectOption> = {};
    while (this.ch() !== '}') {
      let selector: string;
      if (this.ch() === '=') {
        this.i++;
        const digits = /^-?\d+/.exec(this.text.slice(this.i))?.[0];
        if (!digits) this.fail('invalid selector');
        selector = `=${digits}`;
        this.i += digits.length;
      } else selector = this.identifier();
      if (!selector || selector in options) this.fail('invalid or duplicate selector');
      this.spaces();
      if (this.ch() !== '{') this.fail('expected option body');
      this.i++;
      const body = this.message(nesting + 1, kind, false);
      if (this.ch() !== '}') this.fail('unclosed option');
      this.i++;
      options[selector] = { value: body } as PluralOrSelectOption;
      this.spaces();
      if (this.i >= this.text.length) this.fail('unclosed argument');
    }
    if (!('other' in options)) this.fail('missing other clause');
    this.i++;
    if (kind === 'select') return { type: TYPE.select, value, options } as MessageFormatElement;
    return {
      type: TYPE.plural,
      value,
      options,
      offset,
      pluralType: kind === 'plural' ? 'cardinal' : 'ordinal',
    } as MessageFormatElement;
  }
}

export function parse(message: string, options?: { ignoreTag?: boolean }): MessageFormatElement[] {
  return new Parser(message, Boolean(options?.ignoreTag)).message(0, null, false);
}
