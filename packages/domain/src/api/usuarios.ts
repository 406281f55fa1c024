// The API schemas of the usuarios routes (request bodies, queries, responses), shared by server and web.
export {};
