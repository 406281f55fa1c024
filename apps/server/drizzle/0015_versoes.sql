CREATE TABLE "laudo_versoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laudo_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"codigo" text NOT NULL,
	"data_vencimento" date,
	"observacoes" text,
	"arquivo_pdf" text,
	"arquivo_pdf_nome" text,
	"arquivo_excel" text,
	"arquivo_excel_nome" text,
	"emitido_em" timestamp with time zone NOT NULL,
	"emitido_por" text,
	"renovado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"renovado_por" text
);
--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "versao_emitida_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "versao_emitida_por" text;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD COLUMN "versao_concluida" integer;--> statement-breakpoint
ALTER TABLE "laudo_versoes" ADD CONSTRAINT "laudo_versoes_laudo_id_laudos_id_fk" FOREIGN KEY ("laudo_id") REFERENCES "public"."laudos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laudo_versoes" ADD CONSTRAINT "laudo_versoes_emitido_por_auth_user_id_fk" FOREIGN KEY ("emitido_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laudo_versoes" ADD CONSTRAINT "laudo_versoes_renovado_por_auth_user_id_fk" FOREIGN KEY ("renovado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "laudo_versoes_laudo_numero_uq" ON "laudo_versoes" USING btree ("laudo_id","numero");--> statement-breakpoint
ALTER TABLE "laudos" ADD CONSTRAINT "laudos_versao_emitida_por_auth_user_id_fk" FOREIGN KEY ("versao_emitida_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;