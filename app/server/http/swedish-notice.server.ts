/**
 * A whole page for answers given before the app renders (the database is down,
 * a request is refused at the server's front): a heading and a sentence, no
 * script, styled inline. `title` and `message` are the server's own texts.
 */
export function swedishNotice(title: string, message: string): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>${title}</h1><p>${message}</p></body></html>`;
}
