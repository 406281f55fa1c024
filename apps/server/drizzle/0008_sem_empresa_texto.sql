DROP INDEX "usuarios_empresa_id_idx";--> statement-breakpoint
DROP INDEX "usuarios_empresa_idx";--> statement-breakpoint
CREATE INDEX "usuarios_empresa_idx" ON "usuarios" USING btree ("empresa_id");--> statement-breakpoint
ALTER TABLE "usuarios" DROP COLUMN "empresa";--> statement-breakpoint
ALTER TABLE "usuarios" DROP COLUMN "empresa_confirmada";