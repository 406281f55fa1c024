CREATE TYPE "public"."papel_empresa" AS ENUM('gestor', 'membro');--> statement-breakpoint
CREATE TABLE "convites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"email" text NOT NULL,
	"nome" text,
	"papel" "papel_empresa" DEFAULT 'membro' NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"criado_por" text,
	"aceito_em" timestamp with time zone,
	"cancelado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"razao_social" text NOT NULL,
	"nome_fantasia" text NOT NULL,
	"cnpj" text,
	"endereco" text,
	"email_contato" text,
	"telefone" text,
	"plano_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresas_cnpj_ck" CHECK ("empresas"."cnpj" is null or "empresas"."cnpj" ~ '^[0-9]{14}$')
);
--> statement-breakpoint
CREATE TABLE "pedidos_empresa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" text NOT NULL,
	"nome" text,
	"cnpj" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"resolvido_por" text,
	"resolvido_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_empresa_algo_ck" CHECK ("pedidos_empresa"."nome" is not null or "pedidos_empresa"."cnpj" is not null)
);
--> statement-breakpoint
DROP INDEX "notification_history_milestone_uq";--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "empresa_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_history" ADD COLUMN "destinatario" text;--> statement-breakpoint
-- Each milestone sent so far went to one address: the e-mail log's recipient (or the laudo's e-mail).
UPDATE "notification_history" h SET "destinatario" = coalesce(
  (SELECT lower(btrim(el."recipient_email")) FROM "email_logs" el WHERE el."id" = h."email_log_id"),
  (SELECT lower(btrim(l."email_cliente")) FROM "laudos" l WHERE l."id" = h."laudo_id"),
  ''
);--> statement-breakpoint
ALTER TABLE "notification_history" ALTER COLUMN "destinatario" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "empresa_id" uuid;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "papel" "papel_empresa" DEFAULT 'membro' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "receber_lembretes" boolean;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_plano_id_planos_id_fk" FOREIGN KEY ("plano_id") REFERENCES "public"."planos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos_empresa" ADD CONSTRAINT "pedidos_empresa_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos_empresa" ADD CONSTRAINT "pedidos_empresa_resolvido_por_auth_user_id_fk" FOREIGN KEY ("resolvido_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "convites_token_uq" ON "convites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "convites_aberto_uq" ON "convites" USING btree ("empresa_id",lower("email")) WHERE "convites"."aceito_em" is null and "convites"."cancelado_em" is null;--> statement-breakpoint
CREATE INDEX "convites_empresa_idx" ON "convites" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_cnpj_uq" ON "empresas" USING btree ("cnpj") WHERE "empresas"."cnpj" is not null;--> statement-breakpoint
CREATE INDEX "empresas_nome_idx" ON "empresas" USING btree (lower("nome_fantasia"));--> statement-breakpoint
CREATE INDEX "empresas_plano_idx" ON "empresas" USING btree ("plano_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_empresa_pendente_uq" ON "pedidos_empresa" USING btree ("usuario_id") WHERE "pedidos_empresa"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "pedidos_empresa_status_idx" ON "pedidos_empresa" USING btree ("status","criado_em");--> statement-breakpoint
ALTER TABLE "laudos" ADD CONSTRAINT "laudos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laudos_empresa_idx" ON "laudos" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "usuarios_empresa_id_idx" ON "usuarios" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_history_milestone_uq" ON "notification_history" USING btree ("laudo_id","data_vencimento","notification_type","days_value","destinatario");--> statement-breakpoint
-- Issue 17, today's data (docs/decisions/020-companies.md). Every distinct confirmed company name
-- (equal after trimming and lower-casing) becomes a company, named as its first user typed it, on
-- the dearest plan among its users (nobody loses a feature).
INSERT INTO "empresas" ("razao_social", "nome_fantasia", "plano_id")
SELECT n."nome", n."nome", (
  SELECT p."id" FROM "usuarios" u2 JOIN "planos" p ON p."id" = u2."plano_id"
  WHERE u2."tipo" = 'cliente' AND u2."empresa_confirmada" AND lower(btrim(u2."empresa")) = n."chave"
  ORDER BY p."preco" DESC, p."max_laudos" DESC, p."max_usuarios" DESC LIMIT 1
)
FROM (
  SELECT DISTINCT ON (lower(btrim("empresa"))) lower(btrim("empresa")) AS "chave", btrim("empresa") AS "nome"
  FROM "usuarios"
  WHERE "tipo" = 'cliente' AND "empresa_confirmada" AND btrim(coalesce("empresa", '')) <> ''
  ORDER BY lower(btrim("empresa")), "criado_em", "id"
) n;--> statement-breakpoint
-- Its users join it as gestores (each could do everything with the company's laudos before), with
-- the company's reminders off: the migration sends nobody a message they did not get before.
UPDATE "usuarios" u SET "empresa_id" = e."id", "papel" = 'gestor', "receber_lembretes" = false
FROM "empresas" e
WHERE u."tipo" = 'cliente' AND u."empresa_confirmada" AND lower(btrim(u."empresa")) = lower(e."nome_fantasia");--> statement-breakpoint
-- Its laudos (cliente equal after trimming and lower-casing) join it and show its name.
UPDATE "laudos" l SET "empresa_id" = e."id", "cliente" = e."nome_fantasia"
FROM "empresas" e
WHERE lower(btrim(l."cliente")) = lower(e."nome_fantasia");--> statement-breakpoint
-- Unconfirmed claims become requests an admin resolves on the companies screen.
INSERT INTO "pedidos_empresa" ("usuario_id", "nome", "criado_em")
SELECT "id", btrim("empresa"), "criado_em" FROM "usuarios"
WHERE "tipo" = 'cliente' AND NOT "empresa_confirmada" AND btrim(coalesce("empresa", '')) <> '';
