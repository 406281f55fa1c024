CREATE TABLE "whatsapp_consentimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" text NOT NULL,
	"acao" text NOT NULL,
	"numero" text,
	"origem" text NOT NULL,
	"texto" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_consentimentos_acao_ck" CHECK ("whatsapp_consentimentos"."acao" in ('concedido', 'revogado'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laudo_id" uuid NOT NULL,
	"usuario_id" text NOT NULL,
	"data_vencimento" date NOT NULL,
	"notification_type" text NOT NULL,
	"days_value" integer NOT NULL,
	"numero" text NOT NULL,
	"template" text NOT NULL,
	"parametros" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"wamid" text,
	"erro" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"enviado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_consentimentos" ADD CONSTRAINT "whatsapp_consentimentos_usuario_id_auth_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_laudo_id_laudos_id_fk" FOREIGN KEY ("laudo_id") REFERENCES "public"."laudos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_usuario_id_auth_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_consentimentos_usuario_idx" ON "whatsapp_consentimentos" USING btree ("usuario_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_marco_uq" ON "whatsapp_mensagens" USING btree ("laudo_id","data_vencimento","notification_type","days_value","usuario_id");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_criado_idx" ON "whatsapp_mensagens" USING btree ("criado_em");