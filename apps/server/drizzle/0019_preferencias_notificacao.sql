CREATE TABLE "preferencias_notificacao" (
	"usuario_id" text NOT NULL,
	"tipo" text NOT NULL,
	"canal" text NOT NULL,
	"ativo" boolean NOT NULL,
	"origem" text NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferencias_notificacao_usuario_id_tipo_canal_pk" PRIMARY KEY("usuario_id","tipo","canal"),
	CONSTRAINT "preferencias_notificacao_canal_ck" CHECK ("preferencias_notificacao"."canal" in ('email', 'whatsapp')),
	CONSTRAINT "preferencias_notificacao_origem_ck" CHECK ("preferencias_notificacao"."origem" in ('app', 'descadastro', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "unsubscribed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "preferencias_notificacao" ADD CONSTRAINT "preferencias_notificacao_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;