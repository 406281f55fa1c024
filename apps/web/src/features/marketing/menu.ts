/*
 * The site header's menu button on small screens. Plain DOM and one listener on the document, so
 * it works on the server-rendered pages (which run no React) and on the app's pages alike.
 */
let installed = false;

export function enhanceMenuButtons(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('button[data-menu-toggle]');
    if (button) {
      const menu = doc.getElementById(button.getAttribute('aria-controls') ?? '');
      if (!menu) return;
      const open = button.getAttribute('aria-expanded') !== 'true';
      setMenu(button, menu, open);
      return;
    }
    // Following a link inside an open menu closes it.
    const link = target?.closest('a');
    const menu = link?.closest<HTMLElement>('[data-menu]');
    const owner = menu && doc.querySelector<HTMLButtonElement>(`button[aria-controls="${menu.id}"]`);
    if (menu && owner) setMenu(owner, menu, false);
  });
}

function setMenu(button: HTMLButtonElement, menu: HTMLElement, open: boolean) {
  button.setAttribute('aria-expanded', String(open));
  menu.classList.toggle('hidden', !open);
  const label = button.querySelector('.sr-only');
  if (label) label.textContent = open ? 'Fechar menu' : 'Abrir menu';
}
