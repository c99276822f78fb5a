module pulumi-uptime/tools/pulumi/nodejs-langhost

go 1.24
