CREATE TABLE "respostas_lembrete" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laudo_id" uuid NOT NULL,
	"empresa_id" uuid,
	"data_vencimento" date NOT NULL,
	"tipo" text NOT NULL,
	"destinatario" text NOT NULL,
	"usuario_id" text,
	"notification_history_id" uuid,
	"marco" text NOT NULL,
	"periodo" text,
	"contato" text,
	"observacao" text,
	"estagio" text DEFAULT 'solicitado',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "respostas_lembrete_tipo_ck" CHECK ("respostas_lembrete"."tipo" in ('solicitacao', 'ciente')),
	CONSTRAINT "respostas_lembrete_estagio_ck" CHECK (("respostas_lembrete"."tipo" = 'ciente' and "respostas_lembrete"."estagio" is null) or ("respostas_lembrete"."tipo" = 'solicitacao' and "respostas_lembrete"."estagio" in ('solicitado', 'orcamento_enviado', 'agendado', 'inspecionado', 'concluido', 'perdido')))
);
--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "parar_apos_resposta" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD CONSTRAINT "respostas_lembrete_laudo_id_laudos_id_fk" FOREIGN KEY ("laudo_id") REFERENCES "public"."laudos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD CONSTRAINT "respostas_lembrete_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD CONSTRAINT "respostas_lembrete_usuario_id_auth_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD CONSTRAINT "respostas_lembrete_notification_history_id_notification_history_id_fk" FOREIGN KEY ("notification_history_id") REFERENCES "public"."notification_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "respostas_lembrete_laudo_uq" ON "respostas_lembrete" USING btree ("laudo_id","data_vencimento","tipo");--> statement-breakpoint
CREATE INDEX "respostas_lembrete_empresa_idx" ON "respostas_lembrete" USING btree ("empresa_id","created_at");