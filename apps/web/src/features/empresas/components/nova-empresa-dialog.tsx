import { useToast } from '../../../components/toast';
import { Dialog } from '../../../components/ui/dialog';
import { useCriarEmpresa } from '../../../lib/criar-empresa';
import { EmpresaForm, type PlanoOpcao } from './empresa-form';

/** "Nova empresa": every field of a company; the CNPJ is optional but checked when given. */
export function NovaEmpresaDialog({
  open,
  planos,
  onClose,
}: {
  open: boolean;
  planos: readonly PlanoOpcao[];
  onClose: () => void;
}) {
  const { showToast } = useToast();
  const criar = useCriarEmpresa();

  function fechar() {
    criar.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={fechar} title="Nova empresa" size="lg">
      <EmpresaForm
        inicial={{}}
        planos={planos}
        submitLabel="Criar empresa"
        pending={criar.isPending}
        error={criar.error}
        onCancel={fechar}
        onSubmit={(dados) =>
          criar.mutate(dados, {
            onSuccess: (empresa) => {
              showToast({ type: 'success', title: `Empresa ${empresa.nomeFantasia} criada.` });
              fechar();
            },
          })
        }
      />
    </Dialog>
  );
}
