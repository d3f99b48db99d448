import { afterEach, describe, expect, it } from 'vitest';
import { readServerRender, renderedOnServer, serverRenderScript, setRenderedOnServer, SERVER_RENDER_ID } from './server-render';

describe('the server render data block (ADR 059)', () => {
  afterEach(() => {
    setRenderedOnServer(null);
    document.body.innerHTML = '';
  });

  it('carries the render through HTML unchanged, and no string in it can close the script element', () => {
    const render = {
      loggedIn: true,
      selectedContract: 100104,
      data: { me: { nome: '</script><script>alert(1)</script> \u2028 & <!--' } },
    } as unknown as Parameters<typeof serverRenderScript>[0];
    const html = serverRenderScript(render);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    document.body.innerHTML = html;
    expect(document.getElementById(SERVER_RENDER_ID)?.getAttribute('type')).toBe('application/json');
    expect(readServerRender()).toEqual(render);
  });

  it('is absent, unreadable or not logged in: no server render', () => {
    expect(readServerRender()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${SERVER_RENDER_ID}">{not json</script>`;
    expect(readServerRender()).toBeNull();
    document.body.innerHTML = serverRenderScript({ loggedIn: false, selectedContract: null });
    expect(readServerRender()).toBeNull();
  });

  it('is what the hooks read as their server snapshot until cleared', () => {
    expect(renderedOnServer()).toEqual({ loggedIn: false, selectedContract: null });
    setRenderedOnServer({ loggedIn: true, selectedContract: 100101 });
    expect(renderedOnServer()).toEqual({ loggedIn: true, selectedContract: 100101 });
    setRenderedOnServer(null);
    expect(renderedOnServer().loggedIn).toBe(false);
  });
});
