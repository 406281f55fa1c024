import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { copyText } from '../../../lib/clipboard';

export function CopyEmailButton({ email }: { email: string }) {
  const { showToast } = useToast();

  async function handleClick() {
    if (await copyText(email)) {
      showToast({
        type: 'success',
        title: 'E-mail copiado',
        message: `${email} foi copiado para a área de transferência.`,
      });
    } else {
      showToast({
        type: 'error',
        title: 'Não foi possível copiar o e-mail',
        message: `Copie manualmente: ${email}`,
      });
    }
  }

  return (
    <button type="button" onClick={handleClick} className={buttonClass('secondary')}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </svg>
      Copiar e-mail
    </button>
  );
}
