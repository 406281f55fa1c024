import { Badge } from '../../../components/ui/badge';

export function StatusPost({ publicado }: { publicado: boolean }) {
  return publicado ? <Badge tone="success">Publicado</Badge> : <Badge tone="warning">Rascunho</Badge>;
}
