import 'reflect-metadata/lite'
