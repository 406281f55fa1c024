DROP INDEX "auditoria_criado_idx";--> statement-breakpoint
DROP INDEX "auditoria_empresa_idx";--> statement-breakpoint
DROP INDEX "auditoria_entidade_idx";--> statement-breakpoint
DROP INDEX "auditoria_ator_idx";--> statement-breakpoint
CREATE INDEX "auditoria_criado_idx" ON "auditoria" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_empresa_idx" ON "auditoria" USING btree ("empresa_id","criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","entidade_id","criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_ator_idx" ON "auditoria" USING btree ("ator_id","criado_em","id");