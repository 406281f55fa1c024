import { fireEvent, screen, within } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatWidget, mountChatWidget, SUGESTOES_DO_CHAT, whatsappUrl } from './chat-widget';

describe('whatsappUrl', () => {
  it('addresses the company number with the text prefixed by "Olá! ", encoded', () => {
    expect(whatsappUrl('5511999999999', 'Preciso de inspeção NR-13')).toBe(
      'https://wa.me/5511999999999?text=Ol%C3%A1!%20Preciso%20de%20inspe%C3%A7%C3%A3o%20NR-13',
    );
    expect(whatsappUrl('55 (11) 98888-7777', '  a&b=c?  ')).toBe(
      'https://wa.me/5511988887777?text=Ol%C3%A1!%20a%26b%3Dc%3F',
    );
  });
});

describe('chat widget', () => {
  let widget: ChatWidget | undefined;
  afterEach(() => widget?.destroy());

  function mount() {
    const open = vi.fn();
    widget = mountChatWidget({ whatsapp: '5511912345678', open });
    return open;
  }

  it('opens from the floating button with the four suggestions and a disabled send button', () => {
    mount();
    const toggle = screen.getByRole('button', { name: 'Abrir chat do WhatsApp' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(toggle);

    const dialog = screen.getByRole('dialog', { name: 'Fale conosco pelo WhatsApp' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    for (const s of SUGESTOES_DO_CHAT) expect(within(dialog).getByRole('button', { name: s })).toBeTruthy();
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Enviar pelo WhatsApp' }).disabled,
    ).toBe(true);
  });

  it('keeps send disabled while the text is blank after trimming', () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir chat do WhatsApp' }));
    const text = screen.getByLabelText<HTMLTextAreaElement>('Mensagem');
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar pelo WhatsApp' });

    fireEvent.input(text, { target: { value: '   \n  ' } });
    expect(send.disabled).toBe(true);
    fireEvent.input(text, { target: { value: ' Olá ' } });
    expect(send.disabled).toBe(false);
    fireEvent.input(text, { target: { value: '' } });
    expect(send.disabled).toBe(true);
  });

  it('sends a suggestion to WhatsApp in a new tab, then clears and closes', () => {
    const open = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir chat do WhatsApp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar laudo de elevador' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Mensagem').value).toBe('Solicitar laudo de elevador');

    fireEvent.click(screen.getByRole('button', { name: 'Enviar pelo WhatsApp' }));

    expect(open).toHaveBeenCalledExactlyOnceWith(
      'https://wa.me/5511912345678?text=Ol%C3%A1!%20Solicitar%20laudo%20de%20elevador',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Mensagem', { selector: 'textarea' }).value).toBe('');
  });

  it('opens a new tab by default and closes on Escape', () => {
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    widget = mountChatWidget({ whatsapp: '5511912345678' });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir chat do WhatsApp' }));
    fireEvent.input(screen.getByLabelText('Mensagem'), { target: { value: 'Bom dia' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Enviar pelo WhatsApp' }));
    expect(windowOpen).toHaveBeenCalledWith(
      'https://wa.me/5511912345678?text=Ol%C3%A1!%20Bom%20dia',
      '_blank',
      'noopener,noreferrer',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Abrir chat do WhatsApp' }));
    fireEvent.keyDown(screen.getByLabelText('Mensagem'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    windowOpen.mockRestore();
  });
});
