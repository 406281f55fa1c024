ALTER TABLE "tipos_laudo" ADD COLUMN "periodo_meses" integer;--> statement-breakpoint
ALTER TABLE "tipos_laudo" ADD COLUMN "exame" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_laudo_exame_ativo_uq" ON "tipos_laudo" USING btree ("exame") WHERE "tipos_laudo"."ativo" and "tipos_laudo"."exame" is not null;--> statement-breakpoint
ALTER TABLE "tipos_laudo" ADD CONSTRAINT "tipos_laudo_periodo_ck" CHECK ("tipos_laudo"."periodo_meses" is null or "tipos_laudo"."periodo_meses" between 1 and 120);--> statement-breakpoint
ALTER TABLE "tipos_laudo" ADD CONSTRAINT "tipos_laudo_exame_ck" CHECK ("tipos_laudo"."exame" is null or "tipos_laudo"."exame" in ('externo', 'interno', 'seguranca', 'periodica', 'extraordinaria'));