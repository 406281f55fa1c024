/*
 * The floating WhatsApp chat of every page (spec section 2, "Chat widget"). Plain DOM, no React:
 * the server-rendered public pages run it from their small script, and the app mounts the same
 * code, so there is one widget and the home page does not download React for it.
 */

export const SUGESTOES_DO_CHAT = [
  'Preciso de inspeção NR-13',
  'Quero adequação NR-12',
  'Solicitar laudo de elevador',
  'Consultoria especializada',
] as const;

/** The WhatsApp link for the company number with 'Olá! ' + the visitor's text. */
export function whatsappUrl(numero: string, texto: string): string {
  return `https://wa.me/${numero.replace(/\D/g, '')}?text=${encodeURIComponent(`Olá! ${texto.trim()}`)}`;
}

export type ChatWidgetOptions = {
  /** The company's WhatsApp number, digits with country and area code. */
  whatsapp: string;
  /** Opens the link; a new tab by default (replaceable in tests). */
  open?: (url: string) => void;
};

export type ChatWidget = { destroy(): void };

const PANEL_ID = 'chat-whatsapp-painel';
const TITLE_ID = 'chat-whatsapp-titulo';
const TEXT_ID = 'chat-whatsapp-mensagem';

const whatsappIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="size-7" fill="currentColor"><path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.6.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.2c0-.1-.2-.2-.4-.3Z"/></svg>';

function template(): string {
  const sugestoes = SUGESTOES_DO_CHAT.map(
    (s) =>
      `<li><button type="button" data-sugestao class="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-left text-sm text-slate-800 hover:border-brand-700 hover:bg-brand-50">${s}</button></li>`,
  ).join('');
  return `
  <div id="${PANEL_ID}" role="dialog" aria-labelledby="${TITLE_ID}" hidden
    class="mb-3 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-2xl bg-white text-slate-900 shadow-xl ring-1 ring-slate-200">
    <div class="flex items-center justify-between gap-3 bg-[#075E54] px-4 py-3 text-white">
      <h2 id="${TITLE_ID}" class="text-base font-semibold">Fale conosco pelo WhatsApp</h2>
      <button type="button" data-fechar class="rounded-md p-1 hover:bg-white/15" aria-label="Fechar chat">
        <svg viewBox="0 0 24 24" aria-hidden="true" class="size-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M6 6l12 12M18 6L6 18"/></svg>
      </button>
    </div>
    <form class="space-y-3 p-4" novalidate>
      <p class="text-sm text-slate-700">Escolha uma sugestão ou escreva sua mensagem.</p>
      <ul class="flex flex-wrap gap-2" aria-label="Sugestões de mensagem">${sugestoes}</ul>
      <div>
        <label for="${TEXT_ID}" class="text-sm font-medium text-slate-900">Mensagem</label>
        <textarea id="${TEXT_ID}" rows="3" maxlength="1000"
          class="mt-1 block w-full resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"></textarea>
      </div>
      <button type="submit" disabled
        class="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-[#075E54] px-4 py-2 text-sm font-semibold text-white hover:bg-[#054640] disabled:cursor-not-allowed disabled:opacity-60">
        Enviar pelo WhatsApp
      </button>
      <p class="text-xs text-slate-600">O WhatsApp abre em uma nova aba.</p>
    </form>
  </div>
  <button type="button" data-abrir aria-expanded="false" aria-controls="${PANEL_ID}"
    class="ml-auto flex size-14 items-center justify-center rounded-full bg-[#075E54] text-white shadow-lg hover:bg-[#054640]">
    ${whatsappIcon}<span class="sr-only">Abrir chat do WhatsApp</span>
  </button>`;
}

/** Adds the widget to `parent` (document.body by default). */
export function mountChatWidget(options: ChatWidgetOptions, parent: HTMLElement = document.body): ChatWidget {
  const root = document.createElement('div');
  root.dataset.chatWidget = '';
  root.className = 'fixed right-4 bottom-4 z-40 flex flex-col items-end print:hidden';
  // A static template: nothing in it comes from the visitor or the server.
  root.innerHTML = template();
  parent.append(root);

  const panel = root.querySelector<HTMLElement>(`#${PANEL_ID}`) as HTMLElement;
  const toggle = root.querySelector<HTMLButtonElement>('[data-abrir]') as HTMLButtonElement;
  const form = root.querySelector('form') as HTMLFormElement;
  const text = root.querySelector('textarea') as HTMLTextAreaElement;
  const send = root.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
  const openLink = options.open ?? ((url: string) => void window.open(url, '_blank', 'noopener,noreferrer'));

  const refresh = () => {
    send.disabled = text.value.trim() === '';
  };
  const setOpen = (open: boolean, focus = true) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.querySelector('.sr-only')!.textContent = open
      ? 'Fechar chat do WhatsApp'
      : 'Abrir chat do WhatsApp';
    if (focus) (open ? text : toggle).focus();
  };

  toggle.addEventListener('click', () => setOpen(Boolean(panel.hidden)));
  root.querySelector('[data-fechar]')?.addEventListener('click', () => setOpen(false));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) setOpen(false);
  });
  text.addEventListener('input', refresh);
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-sugestao]')) {
    button.addEventListener('click', () => {
      text.value = button.textContent ?? '';
      refresh();
      text.focus();
    });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (text.value.trim() === '') return;
    openLink(whatsappUrl(options.whatsapp, text.value));
    text.value = '';
    refresh();
    setOpen(false);
  });

  return { destroy: () => root.remove() };
}
