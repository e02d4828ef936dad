import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TICKET_FILES } from '../../../lambdas/system/facts';
import { acknowledge } from '../nag';

/** Where each kind of object lives in the bucket. */
const TICKET_FILE_PREFIXES = {
  attachments: TICKET_FILES.attachmentsPrefix,
  inboundMail: TICKET_FILES.inboundMailPrefix,
} as const;

/**
 * The private bucket of support tickets (D27): attachments, uploaded and downloaded by browsers
 * through short-lived presigned addresses the tickets Lambda signs, and the raw mail SES
 * receiving delivers. No public access, TLS only, S3-managed encryption, objects owned by the
 * bucket; a file is deleted `attachmentRetentionDays` after its upload (a ticket closes 14 days after it is
 * resolved: the thread keeps the file's name, the download answers `attachment_not_found` once
 * S3 no longer has it).
 */
export class TicketFiles extends Construct {
  readonly bucket: Bucket;
  /**
   * The bucket's regional endpoint, the origin of the presigned addresses the browser uploads to
   * (the SDK signs virtual-hosted style: `https://<bucket>.s3.<region>.amazonaws.com`). Built from
   * the stack's own id, not from a reference to the bucket, so the site's content-security policy
   * can name it while the bucket's CORS rule names the site (no circular reference).
   */
  readonly endpoint: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    // The stack id's last part is a UUID (lower-case hex): unique per stack, a valid bucket name.
    const bucketName = `ticket-files-${Fn.select(2, Fn.split('/', stack.stackId))}`;
    this.endpoint = `https://${bucketName}.s3.${stack.region}.amazonaws.com`;
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        {
          id: 'ticket-files',
          prefix: TICKET_FILE_PREFIXES.attachments,
          expiration: Duration.days(TICKET_FILES.attachmentRetentionDays),
        },
        {
          id: 'inbound-mail',
          prefix: TICKET_FILE_PREFIXES.inboundMail,
          expiration: Duration.days(TICKET_FILES.inboundMailRetentionDays),
        },
        { id: 'incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Buyers' files: a stack deleted by mistake must not take them.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.bucket,
      'AwsSolutions-S1',
      "Every upload and download is presigned by the tickets Lambda for one caller it has authorised, and logged there; the site's access-log bucket is made after the Lambdas.",
    );
  }

  /**
   * The browser uploads with presigned PUTs from the site's pages: CORS lets that origin alone send
   * them (the signature is the permission; CORS only lets the page make the request and read the
   * answer). Downloads are plain navigations to a presigned GET and need no CORS.
   */
  allowUploadsFrom(siteOrigin: string): void {
    this.bucket.addCorsRule({
      allowedMethods: [HttpMethods.PUT],
      allowedOrigins: [siteOrigin],
      allowedHeaders: ['content-type'],
      maxAge: 3000,
    });
  }

  /**
   * The tickets Lambda: signs PUTs and GETs of attachments (s3:PutObject, s3:GetObject), looks at
   * an upload (HeadObject is s3:GetObject) and deletes one that fails its checks. Attachments only.
   */
  grantAttachments(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [this.bucket.arnForObjects(`${TICKET_FILE_PREFIXES.attachments}*`)],
      }),
    );
    this.acknowledgePrefix(grantee, TICKET_FILE_PREFIXES.attachments);
  }

  /** The inbound-mail Lambda: reads the raw mail SES stored, nothing else. */
  grantInboundMail(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${TICKET_FILE_PREFIXES.inboundMail}*`)],
      }),
    );
    this.acknowledgePrefix(grantee, TICKET_FILE_PREFIXES.inboundMail);
  }

  private acknowledgePrefix(grantee: IGrantable, prefix: string): void {
    const principal = grantee.grantPrincipal;
    if (!Construct.isConstruct(principal)) return;
    acknowledge(
      principal,
      `AwsSolutions-IAM5[Resource::<${this.logicalId()}.Arn>/${prefix}*]`,
      `The objects under ${prefix} only, whose keys are made per file.`,
    );
  }

  private logicalId(): string {
    return this.bucket.stack.getLogicalId(this.bucket.node.defaultChild as never);
  }
}
