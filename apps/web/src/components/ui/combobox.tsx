import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** One choice of a `Combobox`: what it shows, and a second line in small print (a CNPJ, say). */
export type ComboboxOption = { id: string; rotulo: string; detalhe?: string | null };

export type ComboboxProps = {
  label: ReactNode;
  /** The input's name, so `focusFirstError` finds it. */
  name: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  placeholder?: string;
  /** The first control a dialog focuses (`data-autofocus`). */
  autofoco?: boolean;
  /** The option chosen, or null; the input shows its `rotulo`. */
  selecionada: ComboboxOption | null;
  /** A choice from the list, or null as soon as the text typed no longer is the choice. */
  onSelecionar: (opcao: ComboboxOption | null) => void;
  /** The text typed, for the caller to search with (it debounces and loads `opcoes`). */
  onBuscar: (texto: string) => void;
  /** The list opens (typing, ↓, a click): the caller may wait until then to load `opcoes`. */
  onAbrir?: () => void;
  opcoes: readonly ComboboxOption[];
  carregando: boolean;
  /** Shown in the list when the search failed. */
  erroAoCarregar?: string | null;
  /** Shown in the list when nothing matches, e.g. "Nenhuma empresa encontrada.". */
  vazio: string;
  /** A last choice that is an action, e.g. "Criar empresa “Acme”": it gets the text typed (maybe ''). */
  acao?: { rotulo: (texto: string) => string; onEscolher: (texto: string) => void };
};

const ACAO = '__acao__';

/**
 * A text box that searches a list and chooses one item from it: the WAI-ARIA combobox pattern with
 * a listbox popup (list autocomplete, manual selection). ↓ opens the list and moves down, ↑ moves up,
 * Enter chooses, Escape closes (a second Escape clears the text), Tab leaves with the choice as it
 * is; the active option is `aria-activedescendant`, so the focus stays in the text box. It knows no
 * API: the caller searches with `onBuscar` and passes what came back in `opcoes`.
 */
export function Combobox({
  label,
  name,
  hint,
  error,
  optional = false,
  placeholder,
  autofoco = false,
  selecionada,
  onSelecionar,
  onBuscar,
  onAbrir,
  opcoes,
  carregando,
  erroAoCarregar,
  vazio,
  acao,
}: ComboboxProps) {
  const id = useId();
  const listaId = `${id}-lista`;
  const dicaId = `${id}-dica`;
  const erroId = `${id}-erro`;
  const [texto, setTexto] = useState(selecionada?.rotulo ?? '');
  const [aberta, setAberta] = useState(false);
  const [ativa, setAtiva] = useState(-1);
  const lista = useRef<HTMLDivElement>(null);

  // A choice made from outside (a company just created, the laudo being edited) shows its name.
  const rotuloEscolhido = selecionada?.rotulo;
  useEffect(() => {
    if (rotuloEscolhido !== undefined) setTexto(rotuloEscolhido);
  }, [rotuloEscolhido]);

  const itens: ComboboxOption[] = [...opcoes];
  if (acao && !carregando) itens.push({ id: ACAO, rotulo: acao.rotulo(texto.trim()) });

  // The active option stays in view as ↑ ↓ move it.
  useEffect(() => {
    if (ativa < 0) return;
    lista.current?.querySelector(`[data-indice="${ativa}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [ativa]);

  function abrir() {
    setAberta(true);
    onAbrir?.();
  }

  function escolher(opcao: ComboboxOption) {
    setAberta(false);
    setAtiva(-1);
    if (opcao.id === ACAO) {
      acao?.onEscolher(texto.trim());
      return;
    }
    setTexto(opcao.rotulo);
    onSelecionar(opcao);
  }

  function digitar(valor: string) {
    setTexto(valor);
    abrir();
    setAtiva(-1);
    onBuscar(valor);
    if (selecionada) onSelecionar(null);
  }

  function teclar(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!aberta) {
        abrir();
        setAtiva(itens.length > 0 ? 0 : -1);
      } else if (itens.length > 0) setAtiva((atual) => (atual + 1) % itens.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!aberta) abrir();
      if (itens.length > 0) setAtiva((atual) => (atual <= 0 ? itens.length - 1 : atual - 1));
    } else if (event.key === 'Enter') {
      const opcao = aberta ? itens[ativa] : undefined;
      // Enter on a closed list submits the form, as in any text box.
      if (opcao) {
        event.preventDefault();
        escolher(opcao);
      }
    } else if (event.key === 'Escape') {
      // Inside a dialog, the first Escape closes the list, not the dialog.
      if (aberta) {
        event.preventDefault();
        event.stopPropagation();
        setAberta(false);
        setAtiva(-1);
      } else if (texto) {
        event.preventDefault();
        event.stopPropagation();
        digitar('');
        setAberta(false);
      }
    } else if (event.key === 'Tab') {
      setAberta(false);
    }
  }

  const descritoPor = [hint ? dicaId : null, error ? erroId : null].filter(Boolean).join(' ') || undefined;
  const ativaId = aberta && ativa >= 0 && itens[ativa] ? `${id}-opcao-${ativa}` : undefined;
  const mensagem = carregando
    ? 'Buscando...'
    : erroAoCarregar
      ? erroAoCarregar
      : opcoes.length === 0
        ? vazio
        : null;

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        data-autofocus={autofoco || undefined}
        placeholder={placeholder}
        aria-expanded={aberta}
        aria-controls={listaId}
        aria-autocomplete="list"
        aria-activedescendant={ativaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={descritoPor}
        value={texto}
        onChange={(event) => digitar(event.target.value)}
        onKeyDown={teclar}
        // A click on an option keeps the focus here (see onMouseDown below): leaving closes the list.
        onBlur={() => setAberta(false)}
        onClick={() => (aberta ? setAberta(false) : abrir())}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ${
          error ? 'border-red-600' : 'border-slate-300'
        }`}
      />
      <div
        hidden={!aberta}
        className="absolute inset-x-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {mensagem ? (
          <p role="status" className="px-3 py-2 text-sm text-slate-600">
            {mensagem}
          </p>
        ) : null}
        <div
          ref={lista}
          id={listaId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
        >
          {itens.map((opcao, indice) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (aria-activedescendant)
            <div
              key={opcao.id}
              id={`${id}-opcao-${indice}`}
              data-indice={indice}
              role="option"
              tabIndex={-1}
              aria-selected={indice === ativa}
              // Keeps the focus in the text box, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => escolher(opcao)}
              onMouseMove={() => setAtiva(indice)}
              className={`cursor-pointer px-3 py-2 text-sm [overflow-wrap:anywhere] ${
                indice === ativa ? 'bg-brand-50' : ''
              } ${opcao.id === ACAO ? 'border-t border-slate-200 font-medium text-brand-700' : 'text-slate-900'}`}
            >
              {opcao.rotulo}
              {opcao.detalhe ? <span className="block text-xs text-slate-600">{opcao.detalhe}</span> : null}
            </div>
          ))}
        </div>
      </div>
      {hint ? (
        <p id={dicaId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={erroId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
